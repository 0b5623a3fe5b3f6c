/** The news form's values and the bodies of the console's news calls. */
import type { StaffNewsBody, StaffNewsEntry } from '@portal/contract/backoffice-content';

/** The portal's own pictures a news item can use (GET media/news/news-{n}.svg); any other is an https URL. */
export const PORTAL_PICTURES = Array.from(
  { length: 8 },
  (_, index) => `/api/v1/media/news/news-${index + 1}.svg`,
);
export const OWN_URL = 'url';

export type NewsValues = {
  tag: string;
  tagEn: string;
  title: string;
  titleEn: string;
  content: string;
  contentEn: string;
  audience: Array<'investors' | 'lenders'>;
  picture: string;
  imageUrl: string;
  isPublished: boolean;
};

export function toValues(item: StaffNewsEntry | null): NewsValues {
  if (!item) {
    return {
      tag: '',
      tagEn: '',
      title: '',
      titleEn: '',
      content: '',
      contentEn: '',
      audience: ['investors', 'lenders'],
      picture: '',
      imageUrl: '',
      isPublished: true,
    };
  }
  const portal = item.imageUrl !== null && PORTAL_PICTURES.includes(item.imageUrl);
  return {
    tag: item.tag,
    tagEn: item.tagEn,
    title: item.title,
    titleEn: item.titleEn,
    content: item.content,
    contentEn: item.contentEn,
    audience: [
      ...(item.forInvestors ? (['investors'] as const) : []),
      ...(item.forLenders ? (['lenders'] as const) : []),
    ],
    picture: item.imageUrl === null ? '' : portal ? item.imageUrl : OWN_URL,
    imageUrl: portal ? '' : (item.imageUrl ?? ''),
    isPublished: item.isPublished,
  };
}

/** Publishing a draft dates it now, so it comes first on the owners' page; any other save keeps its date. */
function publishedAt(original: StaffNewsEntry | null, isPublished: boolean) {
  if (!original || (isPublished && !original.isPublished)) return {};
  return { publishedAt: original.publishedAt };
}

export function toBody(values: NewsValues, original: StaffNewsEntry | null): StaffNewsBody {
  const imageUrl =
    values.picture === OWN_URL ? values.imageUrl.trim() || null : values.picture ? values.picture : null;
  return {
    forInvestors: values.audience.includes('investors'),
    forLenders: values.audience.includes('lenders'),
    tag: values.tag,
    tagEn: values.tagEn,
    title: values.title,
    titleEn: values.titleEn,
    content: values.content,
    contentEn: values.contentEn,
    imageUrl,
    isPublished: values.isPublished,
    ...publishedAt(original, values.isPublished),
  };
}

/** A list's publish or unpublish button: the item as it is, with the new state. */
export function entryBody(item: StaffNewsEntry, isPublished: boolean): StaffNewsBody {
  return toBody({ ...toValues(item), isPublished }, item);
}
