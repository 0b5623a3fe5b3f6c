/**
 * Category label colours keyed by the spec's category ids (Business constants and limits); other categories are grey.
 * The documents page and
 * the console's owner documents draw them alike.
 */
const CATEGORY_COLORS: Record<number, string> = {
  34534: 'grape',
  2: 'blue',
  372390: 'orange',
  372391: 'cyan',
  15: 'teal',
  372382: 'lime',
  630158: 'indigo',
  372381: 'pink',
  1: 'violet',
};
export const categoryColor = (id: number) => CATEGORY_COLORS[id] ?? 'gray';
