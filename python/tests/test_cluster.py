"""The lab spread over a dask.distributed cluster of worker processes
gives the figures one process gives for the same seeds."""

import pytest
from distributed import Client, LocalCluster

import mazelab


def without_timing(report):
    report["metrics"].pop("ns_per_cell")
    return report


@pytest.fixture(scope="module")
def client():
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with Client(cluster) as client:
            yield client


def test_stats_over_a_cluster_equal_one_process_for_the_same_seeds(client):
    options = dict(size="16x16", wrap="xy", runs=300, seed=11)
    local = without_timing(mazelab.stats("wilson", **options))
    # Uneven shares (300 = 8 x 37 + 4), finished in whatever order.
    spread = without_timing(mazelab.stats("wilson", client=client, chunk=37, progress=False, **options))
    assert spread == local
    assert spread["runs"] == 300 and spread["seed"] == 11
    # Texture options travel to the workers too.
    weighted = dict(size="10x10", runs=50, seed=2, braid=30, weights="random:9")
    assert without_timing(mazelab.stats("kruskal", client=client, chunk=7, progress=False, **weighted)) == \
        without_timing(mazelab.stats("kruskal", **weighted))


def test_scaling_over_a_cluster_fits_what_one_process_fits(client):
    options = dict(sizes=[8, 16, 24], runs=40, seed=3)
    local = mazelab.scaling("backtracker", **options)
    assert mazelab.scaling("backtracker", client=client, chunk=9, progress=False, **options) == local


def test_a_bad_name_fails_at_once_not_on_every_worker(client):
    with pytest.raises(ValueError, match="unknown|valid"):
        mazelab.stats("wilsn", runs=100, client=client, progress=False)
    with pytest.raises(ValueError, match="chunk"):
        mazelab.stats("wilson", runs=10, client=client, chunk=0)


def test_a_local_run_shows_a_bar_and_changes_no_figure(capsys):
    # 3000 mazes: the core takes them in 20 shares and reports each.
    options = dict(size="8x8", runs=3000, seed=5)
    whole = without_timing(mazelab.stats("prim", **options))
    shared = without_timing(mazelab.stats("prim", progress=True, **options))
    assert shared == whole
    assert "3000/3000" in capsys.readouterr().err
    with pytest.raises(ValueError, match="client="):
        mazelab.stats("prim", runs=10, chunk=5)
