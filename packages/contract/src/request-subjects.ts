/**
 * The kinds of requests owners send to their manager (the design's Data): the back office's inbox filters by them,
 * the database holds only these (a check constraint).
 */
export const REQUEST_KINDS = [
  'change_data',
  'bank_details',
  'account_deletion',
  'document',
  'conversion',
  'entrepreneur',
  'callback',
  'faq_question',
  'buy_lot',
  'sale_notice',
  'signed_document',
] as const;
export type RequestKindCode = (typeof REQUEST_KINDS)[number];

/**
 * An owner's request to the manager about one thing stays open (new or in progress) until the manager
 * completes it, and while it is open a second one of the same kind about the same thing is refused with 409. The
 * thing is the request's subject, a key written the same way here for the server and the web client:
 *
 * - `buy_lot`: the lot, `{ownerInvestorId}:{unitId}` (0 for a lot the company sells);
 * - `document`: the document category, `{categoryId}`;
 * - `sale_notice`: the unit and the state told, `{unitId}:listed` or `{unitId}:withdrawn`;
 * - `signed_document`: the document whose signed copy the owner uploaded, `{documentId}` (the manager marks it
 *   signed or returns it; the owner never sends it by a button);
 * - `conversion`, `entrepreneur`, `callback`, `account_deletion`: one open request of the kind, subject `''`.
 *
 * Requests that carry the owner's own words (a change of data or bank details, a FAQ question) have no subject:
 * each is a message of its own, never a duplicate.
 */
export const SUBJECT_REQUEST_KINDS = [
  'buy_lot',
  'document',
  'sale_notice',
  'conversion',
  'entrepreneur',
  'callback',
  'account_deletion',
  'signed_document',
] as const satisfies readonly RequestKindCode[];
export type SubjectRequestKind = (typeof SUBJECT_REQUEST_KINDS)[number];

/** The subject keys of the kinds above (see SUBJECT_REQUEST_KINDS). */
export const requestSubject = {
  buyLot: (ownerInvestorId: number, unitId: number) => `${ownerInvestorId}:${unitId}`,
  document: (categoryId: number) => String(categoryId),
  saleNotice: (unitId: number, state: 'listed' | 'withdrawn') => `${unitId}:${state}`,
  signedDocument: (documentId: number) => String(documentId),
  /** The kinds of one open request at a time. */
  whole: '',
} as const;
