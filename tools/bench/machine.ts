import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';

/**
 * The machine a figure was taken on, to print beside it: cores, CPU model, a one-second single-core
 * speed (SHA-256 of 1 KiB blocks a second, the figure .ci/run prints too) and the load average.
 */
export function machineLine(): string {
  const block = Buffer.alloc(1024);
  let hashes = 0;
  const end = Date.now() + 1000;
  while (Date.now() < end) {
    for (let i = 0; i < 1000; i++) createHash('sha256').update(block).digest();
    hashes += 1000;
  }
  const model = /^model name\s*: (.*)$/m.exec(fs.readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? 'unknown CPU';
  const load = os.loadavg().map((l) => l.toFixed(2)).join(' ');
  return `${os.cpus().length} cores, ${model}, ${hashes.toLocaleString('en')} SHA-256/s of 1 KiB on one core, load ${load}`;
}
