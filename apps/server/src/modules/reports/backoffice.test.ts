import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

// A 48×32 PNG of two stripes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAgCAIAAADbtmxLAAAAOklEQVR42u3OMQ0AMAgAMBRNwZTgBWuTMx24IBxNKqBxKlcJISEhISEhIaHh0H93FSEhISEhISGhYQ1iaq95W7MVqwAAAABJRU5ErkJggg==',
  'base64',
);
// The start of an MP4: its ftyp box is what the type is told by.
const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypmp42'),
  Buffer.from([0, 0, 0, 0]),
  Buffer.from('mp42isom'),
  Buffer.alloc(64),
]);

function form(file: { data: Buffer; name: string; type: string }) {
  const boundary = '----portal-report-boundary';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('back-office media reports', () => {
  let t: TestApp;
  let manager: string;
  let admin: string;
  let investor: string;
  beforeAll(async () => {
    t = await startTestApp();
    [manager, admin, investor] = await Promise.all([
      t.signIn('manager@example.com'),
      t.signIn('admin@example.com'),
      t.signIn('investor@example.com'),
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, body?: object) =>
    t.request({ method, url: `/api/v1/${url}`, token, ...(body ? { payload: body } : {}) });
  const upload = (token: string, reportId: number, file: Parameters<typeof form>[0], locale = 'ru') => {
    const body = form(file);
    return t.request({
      method: 'POST',
      url: `/api/v1/backoffice/reports/${reportId}/media`,
      token,
      payload: body.payload,
      headers: { ...body.headers, cookie: `cookieLocale=${locale}` },
    });
  };
  const report = {
    locationId: 1,
    reportDate: '2099-01-15',
    title: 'Фасад готов',
    titleEn: '',
    subtitle: '<p>Облицовка <b>завершена</b></p><script>alert(1)</script><img src=x onerror="alert(2)">',
  };

  it('creates a whole-location report with a PNG that the owner sees first, with a URL serving the bytes', async () => {
    const created = await call('POST', 'backoffice/reports', manager, report);
    expect(created.statusCode).toBe(200);
    const { id } = created.json();
    const media = await upload(manager, id, {
      data: PNG,
      name: 'facade.png',
      type: 'application/octet-stream',
    });
    expect(media.statusCode).toBe(200);
    expect(media.json()).toMatchObject({ mimeType: 'image/png' });

    const owner = (await call('GET', 'timeline/report/location?locationId=1', investor)).json();
    const first = owner.reports[0];
    expect(first).toMatchObject({
      id,
      reportDate: '2099-01-15',
      title: 'Фасад готов',
      titleEn: 'Фасад готов',
    });
    expect(first.subtitle).toContain('<b>завершена</b>');
    expect(first.subtitle).not.toMatch(/script|onerror/);
    expect(first.subtitleEn).toBe(first.subtitle);
    expect(first.uploads).toEqual([{ publicUrl: media.json().publicUrl, mimeType: 'image/png' }]);

    // The URL needs no bearer header (an <img> sends none) and answers the bytes with their type.
    const file = await t.request({ method: 'GET', url: first.uploads[0].publicUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PNG)).toBe(true);

    const staff = (await call('GET', 'backoffice/reports?locationId=1', admin)).json();
    expect(staff.items[0]).toMatchObject({
      id,
      unitId: null,
      media: [{ publicUrl: first.uploads[0].publicUrl }],
    });

    const audit = JSON.stringify((await call('GET', 'backoffice/audit', admin)).json());
    expect(audit).toContain('content.report.create');
    expect(audit).toContain('content.report.media.add');
  });

  it('lists an MP4 as VIDEO, and removing media and deleting a report drop the files', async () => {
    const { id } = (await call('POST', 'backoffice/reports', admin, { ...report, title: 'Видео' })).json();
    const video = await upload(admin, id, { data: MP4, name: 'clip.mp4', type: 'video/mp4' });
    expect(video.statusCode).toBe(200);
    expect(video.json().mimeType).toBe('VIDEO');
    expect((await t.request({ method: 'GET', url: video.json().publicUrl })).headers['content-type']).toBe(
      'video/mp4',
    );
    // Safari plays video only from byte ranges.
    const part = await t.request({
      method: 'GET',
      url: video.json().publicUrl,
      headers: { range: 'bytes=4-11' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 4-11/${MP4.length}`);
    expect(part.rawPayload).toEqual(MP4.subarray(4, 12));
    const past = await t.request({
      method: 'GET',
      url: video.json().publicUrl,
      headers: { range: `bytes=${MP4.length}-` },
    });
    expect(past.statusCode).toBe(416);
    const photo = (await upload(admin, id, { data: PNG, name: 'a.png', type: 'image/png' })).json();

    expect(
      (await call('DELETE', `backoffice/reports/${id}/media/${video.json().id}`, manager)).statusCode,
    ).toBe(200);
    expect((await t.request({ method: 'GET', url: video.json().publicUrl })).statusCode).toBe(404);
    expect(
      (await call('DELETE', `backoffice/reports/${id}/media/${video.json().id}`, manager)).statusCode,
    ).toBe(404);

    expect((await call('DELETE', `backoffice/reports/${id}`, manager)).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: photo.publicUrl })).statusCode).toBe(404);
    expect((await call('DELETE', `backoffice/reports/${id}`, manager)).statusCode).toBe(404);
    const owner = (await call('GET', 'timeline/report/location?locationId=1', investor)).json();
    expect(owner.reports.some((r: { id: number }) => r.id === id)).toBe(false);
    expect(JSON.stringify((await call('GET', 'backoffice/audit', admin)).json())).toContain(
      'content.report.delete',
    );
  });

  it('refuses owners with 403 before the body is read', async () => {
    expect((await call('GET', 'backoffice/reports?locationId=1', investor)).statusCode).toBe(403);
    expect((await call('POST', 'backoffice/reports', investor, report)).statusCode).toBe(403);
    expect((await call('DELETE', 'backoffice/reports/1', investor)).statusCode).toBe(403);
    expect((await upload(investor, 1, { data: PNG, name: 'a.png', type: 'image/png' })).statusCode).toBe(403);
  });

  it("validates in the user's locale: fields, a unit of another location, a non-image named .jpg", async () => {
    const empty = await t.request({
      method: 'POST',
      url: '/api/v1/backoffice/reports',
      token: manager,
      payload: { locationId: 1, reportDate: '15.01.2099', title: ' ' },
      headers: { cookie: 'cookieLocale=en' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toMatchObject({
      title: 'This field is required',
      reportDate: 'Invalid value',
    });

    const units = (await call('GET', 'backoffice/catalogue', admin)).json().units as {
      id: number;
      locationId: number;
    }[];
    const elsewhere = units.find((u) => u.locationId !== 1);
    const wrongUnit = await call('POST', 'backoffice/reports', manager, { ...report, unitId: elsewhere?.id });
    expect(wrongUnit.statusCode).toBe(400);
    expect(wrongUnit.json().error.fields.unitId).toBe('Выберите юнит этой локации или всю локацию');
    const own = units.find((u) => u.locationId === 1);
    const unitReport = await call('POST', 'backoffice/reports', manager, { ...report, unitId: own?.id });
    expect(unitReport.statusCode).toBe(200);
    expect(
      (await call('POST', 'backoffice/reports', manager, { ...report, locationId: 666 })).statusCode,
    ).toBe(400);

    const fake = await upload(
      manager,
      unitReport.json().id,
      { data: Buffer.from('<html><script>alert(1)</script></html>'), name: 'photo.jpg', type: 'image/jpeg' },
      'en',
    );
    expect(fake.statusCode).toBe(400);
    expect(fake.json().error.message).toBe('Upload a JPEG, PNG or WebP photo or an MP4 video');
    const ru = await upload(manager, unitReport.json().id, {
      data: Buffer.from('%PDF-1.4 not a picture'),
      name: 'photo.png',
      type: 'image/png',
    });
    expect(ru.statusCode).toBe(400);
    expect(ru.json().error.message).toBe('Загрузите фото JPEG, PNG или WebP либо видео MP4');

    const notMultipart = await call('POST', `backoffice/reports/${unitReport.json().id}/media`, manager, {});
    expect(notMultipart.statusCode).toBe(400);
    expect((await upload(manager, 999_999, { data: PNG, name: 'a.png', type: 'image/png' })).statusCode).toBe(
      404,
    );
    expect((await call('PUT', 'backoffice/reports/999999', manager, report)).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/v1/files/reports/nope' })).statusCode).toBe(404);
  });

  it('lets another manager edit a report (content is the company’s) and sanitizes the English text', async () => {
    const { id } = (await call('POST', 'backoffice/reports', admin, report)).json();
    const saved = await call('PUT', `backoffice/reports/${id}`, manager, {
      ...report,
      titleEn: 'Facade done',
      subtitleEn: '<a href="javascript:alert(1)">link</a><i>done</i>',
    });
    expect(saved.statusCode).toBe(200);
    const item = (await call('GET', 'backoffice/reports?locationId=1', manager))
      .json()
      .items.find((r: { id: number }) => r.id === id);
    expect(item.titleEn).toBe('Facade done');
    expect(item.subtitleEn).toContain('<i>done</i>');
    expect(item.subtitleEn).not.toContain('javascript');
    expect(JSON.stringify((await call('GET', 'backoffice/audit', admin)).json())).toContain(
      'content.report.update',
    );
  });
});
