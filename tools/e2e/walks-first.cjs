/**
 * The browser files in the order jest's own sequencer gives (the last run's durations when jest has
 * them; on a clean clone, file size), but the walks through every screen first: each takes minutes, and
 * a clean clone's order by size started the longest one last, leaving one worker alone with it at the end.
 */
const Sequencer = require('@jest/test-sequencer').default;

/** The walks, longest first (docs/performance.md, "CI"). */
const WALKS = ['reach', 'layout', 'console-layout'];

const walkRank = (test) => {
  const rank = WALKS.findIndex((name) => test.path.endsWith(`/${name}.test.ts`));
  return rank === -1 ? WALKS.length : rank;
};

class WalksFirst extends Sequencer {
  async sort(tests) {
    // Array.prototype.sort is stable: the other files keep jest's order.
    return [...(await super.sort(tests))].sort((a, b) => walkRank(a) - walkRank(b));
  }
}

module.exports = WalksFirst;
