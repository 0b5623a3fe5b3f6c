/**
 * Counts the event loop's turns from now until `stop()`, which returns the count: a test of work that must let
 * requests and timers in while it runs (an import, queued statements) checks that the loop kept turning.
 */
export function countEventLoopTurns(): { stop(): number } {
  let turns = 0;
  let counting = true;
  const tick = () => {
    turns += 1;
    if (counting) setImmediate(tick);
  };
  setImmediate(tick);
  return {
    stop() {
      counting = false;
      return turns;
    },
  };
}
