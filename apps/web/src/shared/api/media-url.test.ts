import { describe, expect, it } from 'vitest';
import { withoutMediaToken } from './media-url';

describe('signed media addresses', () => {
  it('drops the signature and keeps the rest of the query', () => {
    expect(withoutMediaToken('/api/v1/streams/1/index.m3u8?st=123.abc')).toBe('/api/v1/streams/1/index.m3u8');
    expect(withoutMediaToken('/api/v1/streams/live/k/a.m3u8?token=x&st=1.b')).toBe(
      '/api/v1/streams/live/k/a.m3u8?token=x',
    );
    expect(withoutMediaToken('/api/v1/files/financial-report/abc')).toBe(
      '/api/v1/files/financial-report/abc',
    );
  });
});
