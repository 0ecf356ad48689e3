// What the Code view's timing scripts share (perf-code.mjs, perf-python.mjs).

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// Presses Run and returns the page's own time from the click to the
// status turning done (a mutation observer on the page, not the script's
// polling).
export async function runToDone(page) {
  await page.evaluate(() => {
    window.runAt = null;
    window.doneAt = null;
    document.querySelector('#code-run').addEventListener('click', () => { window.runAt = performance.now(); }, { once: true, capture: true });
    const status = document.querySelector('#status');
    new MutationObserver((_, observer) => {
      if (window.runAt !== null && status.dataset.state === 'done' && window.doneAt === null) {
        window.doneAt = performance.now();
        observer.disconnect();
      }
    }).observe(status, { attributes: true, attributeFilter: ['data-state'] });
  });
  await page.click('#code-run');
  await page.waitForFunction(() => window.doneAt !== null, null, { timeout: 60000 });
  return page.evaluate(() => window.doneAt - window.runAt);
}

// How sure a figure is: `stat` of 2,000 resamplings of the indices
// 0..n-1 (a bootstrap with a fixed seed, so that a run's figures can be
// checked), the middle 95% of what it gives.
export function interval(n, stat) {
  let seed = 0x2545f491;
  const draw = (k) => {
    seed = (Math.imul(seed ^ (seed >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) | 0;
    return (seed >>> 0) % k;
  };
  const values = [];
  for (let r = 0; r < 2000; r++) values.push(stat(Array.from({ length: n }, () => draw(n))));
  values.sort((a, b) => a - b);
  return [values[50], values[1949]];
}
