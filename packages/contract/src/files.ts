import { z } from 'zod';
import { defineRoute } from './route.ts';

/**
 * Files the company uploads in the console, served from /api/v1/files/{dir}/{name}: <img>, <video> and pdf.js's
 * fetch send no bearer header, so the name (a long random key) is what guards most of them. Camera views and the
 * financial report are guarded all the same: a session or a signed URL (access `camera-media`, `report-media`).
 */

/** The unguessable name of an uploaded file. */
export const fileNameParamsSchema = z.object({ name: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });

export const filesApi = {
  unitPhoto: defineRoute({
    method: 'GET',
    path: '/files/units/:name',
    summary: 'An uploaded unit photo (by its unguessable name, like report media)',
    tags: ['units'],
    access: 'public',
    params: fileNameParamsSchema,
    response: 'file',
    errors: [404],
  }),
  reportMedia: defineRoute({
    method: 'GET',
    path: '/files/reports/:name',
    summary: 'An uploaded photo or video of a media report (by its unguessable name, like avatars)',
    tags: ['timeline'],
    access: 'public',
    params: fileNameParamsSchema,
    response: 'file',
    errors: [404],
  }),
  lotPhoto: defineRoute({
    method: 'GET',
    path: '/files/lots/:name',
    summary: 'A photo of a company lot by its unguessable name',
    tags: ['promo'],
    access: 'public',
    params: fileNameParamsSchema,
    response: 'file',
    errors: [404],
  }),
  cameraView: defineRoute({
    method: 'GET',
    path: '/files/cameras/:name',
    summary: 'An uploaded looping camera view (MP4) by its unguessable name, with byte ranges',
    tags: ['cameras'],
    access: 'camera-media',
    params: fileNameParamsSchema,
    response: 'file',
    errors: [404],
  }),
  inventoryPhoto: defineRoute({
    method: 'GET',
    path: '/files/inventory/:name',
    summary: 'An uploaded inventory photo by its unguessable name (the address the import may name)',
    tags: ['inventory'],
    access: 'public',
    params: fileNameParamsSchema,
    response: 'file',
    errors: [404],
  }),
  financialReport: defineRoute({
    method: 'GET',
    path: '/files/financial-report/:name',
    summary: 'The uploaded report PDF by its unguessable name, with byte ranges (pdf.js asks for them)',
    tags: ['financial-report'],
    access: 'report-media',
    params: fileNameParamsSchema,
    response: 'file',
    errors: [404],
  }),
};
