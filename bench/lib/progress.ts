const WIDTH = 30;

/**
 * A progress bar on stderr, so stdout stays clean for the summary. Redrawn in place on a terminal;
 * in a log (CI, a pipe) one line per tenth instead of thousands of carriage returns.
 */
export function progressBar(unit: string) {
  const started = performance.now();
  let lastTenth = -1;
  return {
    update(done: number, total: number) {
      const fraction = total ? done / total : 1;
      const seconds = (performance.now() - started) / 1000;
      const eta = fraction > 0 ? seconds / fraction - seconds : 0;
      const filled = Math.round(fraction * WIDTH);
      const line =
        `[${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}] ${Math.floor(fraction * 100)}% ` +
        `${done.toLocaleString('en')}/${total.toLocaleString('en')} ${unit}, ${seconds.toFixed(1)} s, about ${eta.toFixed(0)} s left`;
      if (process.stderr.isTTY) {
        process.stderr.write(`\r${line}\x1b[K`);
      } else if (Math.floor(fraction * 10) > lastTenth) {
        lastTenth = Math.floor(fraction * 10);
        process.stderr.write(`${line}\n`);
      }
    },
    done() {
      if (process.stderr.isTTY) process.stderr.write('\n');
    },
  };
}
