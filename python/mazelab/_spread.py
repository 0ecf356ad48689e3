"""Spreading the lab's runs over a ``dask.distributed`` cluster's workers,
and the progress bar either way (a run here is one call on every core,
which reports its own progress).

A run's seeds are cut into shares (seed, seed + 1, ... as one process
takes them). Each share of a ``stats`` run comes back as tallies (counts,
exact sums and ranges) that merge exactly, in any order; each share of a
``scaling`` run comes back as its mazes' values, put back in seed order
before the fit. So a cluster gives the figures one process gives for the
same seeds, timings aside.
"""

import math as _math
import secrets as _secrets

from ._mazelab import scaling_fit_json, scaling_json, scaling_values, stats_json, stats_merge_json

SEEDS = 2**64


def _shares(seed, runs, per):
    """(first seed, count) for each share of `runs` mazes from `seed`."""
    return [((seed + start) % SEEDS, min(per, runs - start)) for start in range(0, runs, per)]


def _share_size(runs, chunk, client):
    if chunk is not None:
        if not isinstance(chunk, int) or chunk < 1:
            raise ValueError(f"bad chunk {chunk!r}; valid: a whole number of mazes, 1 or more")
        return chunk
    workers = max(1, len(client.scheduler_info().get("workers", {})))
    # Four shares a worker keeps every worker busy to the end; a cap keeps
    # the bar moving on a large run.
    return max(1, min(10_000, _math.ceil(runs / (4 * workers))))


def _bar(total, what, progress, client):
    """A tqdm bar counting mazes, or None: shown when asked, or by default
    over a cluster when tqdm is installed."""
    if progress is False or (progress is None and client is None):
        return None
    try:
        from tqdm.auto import tqdm
    except ImportError:
        if progress:
            raise ImportError("progress=True needs tqdm: pip install tqdm") from None
        return None
    return tqdm(total=total, desc=what, unit="maze")


def _check_chunk(chunk, client):
    if chunk is not None and client is None:
        raise ValueError("chunk= is the mazes a cluster's worker takes at once: give client= too "
                         "(without it a run is one call on every core)")


def _runs_and_seed(options):
    runs = options.pop("runs", 100)
    if not isinstance(runs, int) or runs < 1:
        raise ValueError(f"bad number of runs {runs!r}; valid: 1 or more")
    seed = options.pop("seed", None)
    if seed is None:
        seed = _secrets.randbits(64)
    return runs, seed


def _to(bar, scale=1):
    """A progress callback for the core: it reports the count done so far
    (times `scale` mazes), the bar counts steps."""
    if bar is None:
        return None
    return lambda done: bar.update(done * scale - bar.n)


def _closed(bar):
    if bar is not None:
        bar.close()


def _finished(client, jobs):
    """Each job's (tag, result) as its worker returns it."""
    from distributed import as_completed

    futures = {client.submit(*call, pure=False): tag for tag, call in jobs}
    for future in as_completed(futures):
        yield futures[future], future.result()


def _stats_share(algorithm, options, seed, runs):
    """A worker's share of a stats run: its tallies' JSON."""
    return stats_json(algorithm, seed=seed, runs=runs, part=True, **options)


def stats(algorithm, client, chunk, progress, options):
    _check_chunk(chunk, client)
    runs, seed = _runs_and_seed(options)
    bar = _bar(runs, f"stats {algorithm}", progress, client)
    try:
        if client is None:
            return stats_json(algorithm, seed=seed, runs=runs, progress=_to(bar), **options)
        shares = _shares(seed, runs, _share_size(runs, chunk, client))
        # One maze here first: a misspelt name fails at once, not on every worker.
        _stats_share(algorithm, options, seed, 1)
        jobs = [(n, (_stats_share, algorithm, options, f, n)) for f, n in shares]
        parts = []
        for count, part in _finished(client, jobs):
            parts.append(part)
            if bar is not None:
                bar.update(count)
        return stats_merge_json(parts, seed)
    finally:
        _closed(bar)


def _scaling_share(algorithm, options, side, seed, runs):
    """A worker's share of a scaling: the metric of its mazes, in seed order."""
    return scaling_values(algorithm, side=side, seed=seed, runs=runs, **options)


def scaling(algorithm, metric, sizes, client, chunk, progress, options):
    _check_chunk(chunk, client)
    runs, seed = _runs_and_seed(options)
    common = {
        "metric": metric,
        "sizes": list(sizes),
        "shape": options.pop("shape", "square"),
        "wrap": options.pop("wrap", None),
    }
    if options:
        raise TypeError(f"scaling() got an unexpected keyword argument {next(iter(options))!r}")
    bar = _bar(runs * len(common["sizes"]), f"scaling {algorithm}", progress, client)
    try:
        if client is None:
            return scaling_json(algorithm, runs=runs, seed=seed, progress=_to(bar, runs), **common)
        shares = _shares(seed, runs, _share_size(runs, chunk, client))
        # The smallest maze here first: a misspelt name fails at once.
        _scaling_share(algorithm, common, common["sizes"][0], seed, 1)
        jobs = [
            ((k, at, count), (_scaling_share, algorithm, common, side, first, count))
            for k, side in enumerate(common["sizes"])
            for at, (first, count) in enumerate(shares)
        ]
        values = [[None] * len(shares) for _ in common["sizes"]]
        for (k, at, count), share in _finished(client, jobs):
            values[k][at] = share
            if bar is not None:
                bar.update(count)
        in_order = [[v for share in size for v in share] for size in values]
        return scaling_fit_json(algorithm, runs=runs, seed=seed, values=in_order, **common)
    finally:
        _closed(bar)
