import { normalizePhone } from '@portal/contract/validation';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { badRequest } from '../../http/errors.ts';

/**
 * Password strength beside the spec's rule (6–20 characters, a digit, an upper- and a lower-case letter, checked by
 * the request schema): zxcvbn-ts with its common-password list, English words and names, and the Russian list
 * below (zxcvbn-ts publishes no Russian package), all bundled, nothing fetched at run time. A password is refused
 * when zxcvbn scores it below 2 (fewer than about a million guesses: `Qwerty1`, `Password1`, `Aa1aaa`), and when it
 * is the login, the e-mail (or its name part) or the phone. Only passwords being set are checked: sign-in checks
 * the stored hash, so the demo accounts' passwords keep working.
 */

/** Common Russian passwords and words, in Cyrillic, in Latin transliteration and typed on the Latin layout. */
const RUSSIAN = [
  'пароль',
  'parol',
  'gfhjkm',
  'йцукен',
  'qwerty',
  'ytcnjh',
  'привет',
  'privet',
  'ghbdtn',
  'любовь',
  'lubov',
  'lyubov',
  'k.,jdm',
  'солнце',
  'solnce',
  'solnyshko',
  'солнышко',
  'котик',
  'kotik',
  'kotenok',
  'zaika',
  'зайка',
  'rybka',
  'рыбка',
  'natasha',
  'наташа',
  'masha',
  'маша',
  'dasha',
  'даша',
  'olga',
  'ольга',
  'elena',
  'елена',
  'tatyana',
  'татьяна',
  'svetlana',
  'светлана',
  'irina',
  'ирина',
  'anna',
  'анна',
  'marina',
  'марина',
  'sergey',
  'сергей',
  'andrey',
  'андрей',
  'alexey',
  'алексей',
  'dmitry',
  'дмитрий',
  'vladimir',
  'владимир',
  'aleksandr',
  'александр',
  'maksim',
  'максим',
  'ivan',
  'иван',
  'nikita',
  'никита',
  'moskva',
  'москва',
  'rossiya',
  'россия',
  'россия',
  'spartak',
  'спартак',
  'zenit',
  'зенит',
  'cska',
  'цска',
  'dinamo',
  'динамо',
  'kirill',
  'кирилл',
  'denis',
  'денис',
  'pavel',
  'павел',
  'roman',
  'роман',
  'artem',
  'артем',
  'артём',
  'igor',
  'игорь',
  'oleg',
  'олег',
  'ekaterina',
  'екатерина',
  'katya',
  'катя',
  'nastya',
  'настя',
  'yulia',
  'юлия',
  'zvezda',
  'звезда',
  'schastye',
  'счастье',
  'mama',
  'мама',
  'papa',
  'папа',
  'semya',
  'семья',
  'druzhba',
  'дружба',
  'pobeda',
  'победа',
  'investor',
  'инвестор',
  'zaimodatel',
  'займодатель',
  'hotel',
  'отель',
  'gostinica',
  'гостиница',
  'parolparol',
  'qwertyuiop',
  'йцукенгшщз',
  'ячсмит',
  'фывапролджэ',
  'zxcvbn',
  'asdfgh',
  'klubnika',
  'клубника',
  'medved',
  'медведь',
  'chocolate',
  'shokolad',
  'шоколад',
  'leto',
  'лето',
  'zima',
  'зима',
  'vesna',
  'весна',
  'osen',
  'осень',
];

/**
 * Loaded on the first password being set, not at start-up: the dictionaries decompress when imported (about
 * 0.3 s of every start's processor time).
 */
let factory: Promise<ZxcvbnFactory> | undefined;
function estimator(): Promise<ZxcvbnFactory> {
  factory ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]).then(
    ([core, common, english]) =>
      new core.ZxcvbnFactory({
        graphs: common.adjacencyGraphs,
        dictionary: { ...common.dictionary, ...english.dictionary, russian: RUSSIAN },
      }),
  );
  return factory;
}

/** The least zxcvbn score (0–4) a new password must reach. */
export const MIN_PASSWORD_SCORE = 2;

export type PasswordOwner = { email?: string | null; phone?: string | null; login?: string | null };

/** The reason a new password is refused (a message key), or null when it may be set. */
export async function passwordWeakness(
  password: string,
  owner: PasswordOwner = {},
): Promise<'password.personal' | 'password.weak' | null> {
  const lower = password.toLowerCase();
  const personal = [owner.email, owner.login, owner.email?.split('@')[0], owner.login?.split('@')[0]]
    .filter((value): value is string => Boolean(value))
    .map((value) => value.trim().toLowerCase());
  const phoneDigits = [owner.phone, owner.login]
    .map((value) => (value ? normalizePhone(value) : null))
    .filter((value): value is string => Boolean(value))
    .flatMap((phone) => [phone.slice(1), `8${phone.slice(2)}`, phone.slice(2)]);
  const digits = password.replace(/\D/g, '');
  if (personal.includes(lower) || (digits.length >= 10 && phoneDigits.includes(digits)))
    return 'password.personal';
  const result = (await estimator()).check(password, [...personal, ...phoneDigits]);
  return result.score < MIN_PASSWORD_SCORE ? 'password.weak' : null;
}

/** Throws 400 with the message on the field when the new password is too weak. */
export async function assertStrongPassword(
  password: string,
  owner: PasswordOwner,
  field = 'password',
): Promise<void> {
  const weakness = await passwordWeakness(password, owner);
  if (weakness) throw badRequest(weakness, field);
}
