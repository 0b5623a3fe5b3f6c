import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { diskMonitor, isDiskFull } from './disk.ts';

describe('disk', () => {
  it('tells a full disk from other errors, wherever the database or the file system says it', () => {
    expect(
      isDiskFull({ code: '53100', message: 'could not extend file "base/5/1": No space left on device' }),
    ).toBe(true);
    expect(isDiskFull(Object.assign(new Error('write failed'), { code: 'ENOSPC' }))).toBe(true);
    expect(isDiskFull(new Error('upload failed', { cause: { code: 'EDQUOT' } }))).toBe(true);
    expect(isDiskFull({ code: '23505', message: 'duplicate key' })).toBe(false);
    expect(isDiskFull(new Error('Connection terminated'))).toBe(false);
  });

  it('says full after a write failed for space, until space is freed or a while has passed', async () => {
    let now = 1_000_000;
    const disk = diskMonitor(tmpdir(), () => now);
    const normal = await disk.state();
    expect(normal).not.toBe('full');
    disk.reportFull();
    expect(await disk.state()).toBe('full');
    now += 29_000;
    expect(await disk.state()).toBe('full');
    now += 2_000;
    expect(await disk.state()).toBe(normal);
  });
});
