import type { Locale } from './constants.ts';

/**
 * Messages that both the server (error bodies) and the web client (form validation) show.
 * Texts are the spec's (sections 5 and 8) where it gives them.
 */
export const MESSAGES = {
  'auth.loginFailed': {
    ru: 'Пользователь с такой комбинацией логина и пароля не найден.',
    en: 'No user found with this combination of username and password.',
  },
  'email.invalid': { ru: 'Это непохоже на email-адрес.', en: "This doesn't look like an email address." },
  'phone.invalid': { ru: 'Некорректный номер телефона.', en: 'Invalid phone number.' },
  'password.rule': {
    ru: 'Введите от 6 до 20 символов. Пароль должен содержать хотя бы одну цифру, одну заглавную и строчную букву',
    en: 'Enter 6 to 20 characters. The password must contain at least one digit, one uppercase letter, and one lowercase letter.',
  },
  'password.required': { ru: 'Введите пароль', en: 'Enter the password' },
  'password.wrong': { ru: 'Пароль введен не верно', en: 'The password is incorrect' },
  'password.mismatch': { ru: 'Пароли не совпадают.', en: 'Passwords do not match.' },
  'password.sameAsOld': {
    ru: 'Новый пароль должен отличаться от старого',
    en: 'The new password must be different from the old one.',
  },
  'password.weak': {
    ru: 'Этот пароль слишком простой или распространённый: его легко подобрать. Придумайте другой.',
    en: 'This password is too simple or too common: it is easy to guess. Choose another one.',
  },
  'password.personal': {
    ru: 'Пароль не должен совпадать с логином, e-mail или телефоном.',
    en: 'The password must not be your login, e-mail or phone.',
  },
  'stepUp.required': {
    ru: 'Введите текущий пароль, чтобы подтвердить изменение',
    en: 'Enter your current password to confirm the change',
  },
  'secondFactor.required': {
    ru: 'Для работы в консоли включите двухфакторную аутентификацию в профиле',
    en: 'Turn two-factor authentication on in your profile to work in the console',
  },
  'twoFactor.ownPhoneOnly': {
    ru: 'Коды для входа приходят только на телефон аккаунта; сначала измените телефон в профиле',
    en: "Two-factor codes go only to your account's phone; change the phone in your profile first",
  },
  'totp.notStarted': {
    ru: 'Сначала получите новый QR-код',
    en: 'Get a new QR code first',
  },
  'totp.alreadyOn': {
    ru: 'Приложение-аутентификатор уже подключено',
    en: 'The authenticator app is already on',
  },
  'code.recoveryFormat': {
    ru: 'Введите шесть цифр из приложения или резервный код',
    en: 'Enter the six digits from the app or a recovery code',
  },
  'login.required': { ru: 'Введите e-mail или телефон', en: 'Enter an e-mail or a phone' },
  'registration.contactRequired': {
    ru: 'Укажите e-mail или телефон из договора с управляющей компанией',
    en: 'Enter the e-mail or phone stated in your contract with the management company',
  },
  'link.invalid': {
    ru: 'Ссылка недействительна или устарела. Запросите новую.',
    en: 'The link is invalid or has expired. Request a new one.',
  },
  'code.invalid': { ru: 'Что-то пошло не так. Проверьте код.', en: 'Something went wrong. Check the code.' },
  'code.format': { ru: 'Код состоит из шести цифр', en: 'The code is six digits' },
  'code.expired': { ru: 'Код устарел. Запросите новый.', en: 'The code has expired. Request a new one.' },
  'code.tooManyAttempts': {
    ru: 'Слишком много попыток. Запросите новый код.',
    en: 'Too many attempts. Request a new code.',
  },
  'code.resendTooEarly': {
    ru: 'Новый код можно запросить через 30 секунд',
    en: 'A new code can be requested in 30 seconds',
  },
  'captcha.failed': { ru: 'Подтвердите, что вы не робот', en: 'Confirm that you are not a robot' },
  rateLimited: {
    ru: 'Слишком много попыток. Повторите позже.',
    en: 'Too many attempts. Try again later.',
  },
  unauthorized: { ru: 'Требуется вход в личный кабинет', en: 'Please sign in' },
  forbidden: { ru: 'Недостаточно прав', en: 'Access denied' },
  notFound: { ru: 'Не найдено', en: 'Not found' },
  'validation.required': { ru: 'Обязательное поле', en: 'This field is required' },
  'validation.invalid': { ru: 'Неверное значение', en: 'Invalid value' },
  'content.audience': {
    ru: 'Выберите, кому новость: инвесторам, займодателям или всем',
    en: 'Choose who the news is for: investors, lenders or both',
  },
  'reports.fileType': {
    ru: 'Загрузите фото JPEG, PNG или WebP либо видео MP4',
    en: 'Upload a JPEG, PNG or WebP photo or an MP4 video',
  },
  'reports.fileSize': {
    ru: 'Фото не больше 10 МБ, видео не больше 50 МБ',
    en: 'A photo must not exceed 10 MB and a video 50 MB',
  },
  'reports.fileRequired': { ru: 'Выберите файл', en: 'Choose a file' },
  'reports.unitOfLocation': {
    ru: 'Выберите юнит этой локации или всю локацию',
    en: 'Choose a unit of this location or the whole location',
  },
  'upload.videoType': { ru: 'Загрузите видео MP4', en: 'Upload an MP4 video' },
  'upload.videoSize': { ru: 'Видео не больше 50 МБ', en: 'A video must not exceed 50 MB' },
  'upload.pdfType': { ru: 'Загрузите файл PDF', en: 'Upload a PDF file' },
  'upload.pdfSize': { ru: 'PDF не больше 20 МБ', en: 'A PDF must not exceed 20 MB' },
  'upload.photoType': { ru: 'Загрузите фото JPEG, PNG или WebP', en: 'Upload a JPEG, PNG or WebP photo' },
  'upload.photoSize': { ru: 'Фото не больше 10 МБ', en: 'A photo must not exceed 10 MB' },
  'upload.tooMany': {
    ru: 'Достигнуто наибольшее число файлов',
    en: 'The maximum number of files is reached',
  },
  'cameras.streamHttps': {
    ru: 'Укажите https-адрес плейлиста HLS (.m3u8)',
    en: 'Enter the https address of an HLS playlist (.m3u8)',
  },
  'cameras.tooManyViews': {
    ru: 'У локации не больше пяти видов с камер',
    en: 'A location has at most five camera views',
  },
  'cameras.streamInternal': {
    ru: 'Адрес камеры ведёт во внутреннюю сеть сервера: укажите её публичный адрес',
    en: "The camera's address leads into the server's internal network: enter its public address",
  },
  'cameras.unavailable': { ru: 'Камера сейчас недоступна', en: 'The camera is unavailable right now' },
  'lots.discountBelowPrice': {
    ru: 'Цена со скидкой должна быть ниже цены',
    en: 'The discount price must be below the price',
  },
  'inventory.photoRef': {
    ru: 'Фото — https-ссылка или файл, загруженный в консоли для этой позиции',
    en: 'A photo is an https link or a file uploaded in the console for this item',
  },
  'catalogue.unitNumberTaken': {
    ru: 'В этой локации уже есть юнит с таким номером',
    en: 'This location already has a unit with this number',
  },
  'catalogue.placeholderUnits': {
    ru: 'У локации «скоро» не может быть юнитов',
    en: 'A coming-soon location cannot have units',
  },
  'catalogue.nameTaken': { ru: 'Такое название уже есть в списке', en: 'This name is already in the list' },
  'catalogue.sourceTaken': {
    ru: 'Источник с таким номером уже есть',
    en: 'A source with this number already exists',
  },
  'catalogue.photoType': { ru: 'Загрузите фото JPEG, PNG или WebP', en: 'Upload a JPEG, PNG or WebP photo' },
  'catalogue.photoSize': { ru: 'Фото не больше 10 МБ', en: 'A photo must not exceed 10 MB' },
  'catalogue.photoCount': { ru: 'У юнита не больше 20 фото', en: 'A unit has at most 20 photos' },
  'catalogue.photoOrder': {
    ru: 'Список фото изменился: обновите страницу',
    en: 'The photos have changed: reload the page',
  },
  'catalogue.photoUrl': {
    ru: 'Фото — https-ссылка или адрес картинки портала',
    en: "A photo is an https link or a portal's picture address",
  },
  'loans.hasPayments': {
    ru: 'У займа есть выплаты: сначала удалите их, затем заём.',
    en: 'The loan has payments: delete them first, then the loan.',
  },
  'loans.monthTaken': {
    ru: 'Выплата за этот месяц уже есть: измените её.',
    en: 'There is already a payment for this month: edit it instead.',
  },
  'categories.idTaken': {
    ru: 'Категория с таким номером уже есть',
    en: 'A category with this number already exists',
  },
  'categories.inUse': {
    ru: 'Категорию уже используют: уберите её в архив',
    en: 'The category is in use: archive it instead',
  },
  'faq.questionRequired': { ru: 'Напишите вопрос', en: 'Write your question' },
  'validation.tooLong': { ru: 'Слишком длинное значение', en: 'The value is too long' },
  'request.invalidJson': { ru: 'Тело запроса не является JSON', en: 'The request body is not valid JSON' },
  'request.tooLarge': { ru: 'Слишком большой запрос', en: 'The request is too large' },
  'request.unsupportedMediaType': { ru: 'Неподдерживаемый формат запроса', en: 'Unsupported request format' },
  'request.badRequest': { ru: 'Некорректный запрос', en: 'Bad request' },
  'invitation.alreadyActive': {
    ru: 'Аккаунт уже активирован: приглашение не нужно',
    en: 'The account is already active: it needs no invitation',
  },
  'owner.roleRequired': { ru: 'Выберите хотя бы одну роль', en: 'Choose at least one role' },
  'owner.endBeforeInvest': {
    ru: 'Связь не может закончиться раньше даты инвестиции',
    en: 'A link cannot end before the investment date',
  },
  'owner.endInFuture': {
    ru: 'Дата окончания не может быть в будущем',
    en: 'The end date cannot be in the future',
  },
  'owner.unitTaken': {
    ru: 'Этот юнит уже привязан к клиенту; завершённую связь можно восстановить',
    en: 'This unit is already linked to the client; an ended link can be restored',
  },
  'request.statusOrder': {
    ru: 'Статус заявки меняется только вперёд: новая → в работе → выполнена или отклонена',
    en: 'A request moves forward only: new → in progress → done or refused',
  },
  'request.decideOnDocument': {
    ru: 'Подписанную копию проверяют в документах клиента: «Подписан» или «Вернуть»',
    en: "A signed copy is reviewed in the client's documents: «Signed» or «Return»",
  },
  'request.refusalCommentRequired': {
    ru: 'Напишите, почему заявка отклонена, — клиент прочитает комментарий',
    en: 'Write why the request is refused: the client reads the comment',
  },
  'request.commentRequired': {
    ru: 'Напишите комментарий к выполненной заявке',
    en: 'Write a comment for the completed request',
  },
  'bank.inn': { ru: 'ИНН — 10 или 12 цифр', en: 'The INN is 10 or 12 digits' },
  'bank.kpp': { ru: 'КПП — 9 цифр', en: 'The KPP is 9 digits' },
  'bank.ogrn': { ru: 'ОГРН — 13 цифр, ОГРНИП — 15', en: 'The OGRN is 13 digits (15 for a sole proprietor)' },
  'bank.bik': { ru: 'БИК — 9 цифр', en: 'The BIK is 9 digits' },
  'bank.account': { ru: 'Расчётный счёт — 20 цифр', en: 'The account number is 20 digits' },
  'bank.notForIndividual': {
    ru: 'У физического лица нет реквизитов в кабинете',
    en: 'An individual has no bank details in the portal',
  },
  'import.unknown': { ru: 'нет такого значения в данных портала', en: "not found in the portal's data" },
  'import.bookingStatus': {
    ru: 'нет такого статуса брони',
    en: 'not a booking status',
  },
  'import.notLent': { ru: 'это не заём этого клиента', en: 'not a loan of this client' },
  'import.notOwned': { ru: 'этот юнит не принадлежит клиенту', en: 'the client does not own this unit' },
  'import.idsIn': { ru: 'id — в консоли:', en: 'the ids are in the console:' },
  'import.endsBeforeStarts': {
    ru: 'должен быть позже заезда',
    en: 'must be after the check-in',
  },
  'import.expectId': {
    ru: 'ожидался id — целое число из списка консоли, например {example}',
    en: 'expected an id, a whole number from the console list, e.g. {example}',
  },
  'import.expectInteger': {
    ru: 'ожидалось целое число, например {example}',
    en: 'expected a whole number, e.g. {example}',
  },
  'import.expectNumber': {
    ru: 'ожидалось число (запятая или точка перед дробной частью), например {example}',
    en: 'expected a number (a point or comma before the decimals), e.g. {example}',
  },
  'import.expectMoney': {
    ru: 'ожидалась сумма в рублях (копейки через запятую или точку), например {example}',
    en: 'expected an amount in roubles (kopecks after a point or comma), e.g. {example}',
  },
  'import.expectDate': {
    ru: 'ожидалась дата дд.мм.гггг или гггг-мм-дд, например {example}',
    en: 'expected a date as yyyy-mm-dd or dd.mm.yyyy, e.g. {example}',
  },
  'import.expectDateTime': {
    ru: 'ожидались дата и время дд.мм.гггг чч:мм (по Москве) или ISO 8601 со смещением, например {example}',
    en: 'expected a date and time in ISO 8601 with its offset, or dd.mm.yyyy hh:mm (Moscow time), e.g. {example}',
  },
  'import.expectMonth': {
    ru: 'ожидался месяц мм.гггг, гггг-мм или ггггмм, например {example}',
    en: 'expected a month as yyyy-mm, mm.yyyy or yyyymm, e.g. {example}',
  },
  'import.expectYesNo': {
    ru: 'ожидалось «да» или «нет», например {example}',
    en: 'expected yes or no, e.g. {example}',
  },
  'import.expectFilled': {
    ru: 'ячейка пуста, а колонка обязательна; например {example}',
    en: 'the cell is empty but the column is required; e.g. {example}',
  },
  'import.expectValue': { ru: 'ожидалось одно из значений: {values}', en: 'expected one of: {values}' },
  'import.expectText': {
    ru: 'ожидался текст допустимой длины, например {example}',
    en: 'expected a text of an allowed length, e.g. {example}',
  },
  'import.expectList': {
    ru: 'ожидался список через |, например {example}',
    en: 'expected a list separated by |, e.g. {example}',
  },
  'import.duplicate': { ru: 'повторяет ключ предыдущей строки', en: 'repeats the key of an earlier row' },
  'import.empty': { ru: 'В файле нет строк', en: 'The file has no rows' },
  'import.kind': { ru: 'Неизвестный вид загрузки', en: 'Unknown import kind' },
  'import.format': {
    ru: 'Файл должен быть в формате CSV или JSON',
    en: 'The file must be CSV or JSON',
  },
  'import.jsonSyntax': {
    ru: 'Файл не читается как JSON: в нём синтаксическая ошибка (проверьте скобки, запятые и кавычки)',
    en: 'The file is not valid JSON: it has a syntax error (check its brackets, commas and quotes)',
  },
  'import.jsonEnd': {
    ru: 'JSON в файле оборван: файл кончается раньше, чем закрыт массив',
    en: 'The JSON is cut short: the file ends before the array is closed',
  },
  'import.jsonShape': {
    ru: 'JSON должен быть массивом объектов: по объекту на строку',
    en: 'The JSON must be an array of objects, one object per row',
  },
  'import.encoding': {
    ru: 'Кодировку файла не удалось распознать (или в нём есть испорченные символы): сохраните его как «CSV UTF-8»',
    en: 'The file\'s encoding is not one the import reads (or the file has damaged characters): save it as "CSV UTF-8"',
  },
  'import.encodingUnclear': {
    ru: 'Кодировка файла не определяется по его тексту однозначно (это может быть {encodings}): сохраните его как «CSV UTF-8»',
    en: 'The file\'s encoding cannot be told for sure from its text (it may be {encodings}): save it as "CSV UTF-8"',
  },
  'import.encodingUnsupported': {
    ru: 'Файл в кодировке {encoding}, её загрузка не читает: сохраните его как «CSV UTF-8»',
    en: 'The file is {encoding}, which the import does not read: save it as "CSV UTF-8"',
  },
  'storage.full': {
    ru: 'На сервере закончилось место: ничего не сохранено. Попробуйте позже или сообщите управляющей компании',
    en: 'The server has run out of storage space: nothing was saved. Try again later or tell the management company',
  },
  'import.busy': {
    ru: 'Идёт другая загрузка этого вида: попробуйте через минуту',
    en: 'Another import of this kind is running: try again in a minute',
  },
  'import.rejected': {
    ru: 'В файле есть ошибочные строки: ничего не загружено',
    en: 'The file has invalid rows: nothing was imported',
  },
  'avatar.type': {
    ru: 'Загрузите изображение в формате JPEG или PNG',
    en: 'Upload a JPEG or PNG image',
  },
  'avatar.size': { ru: 'Размер файла не должен превышать 2 МБ', en: 'The file must not exceed 2 MB' },
  'profile.emailTaken': {
    ru: 'Этот e-mail уже используется другим пользователем',
    en: 'This e-mail is already used by another user',
  },
  'profile.phoneTaken': {
    ru: 'Этот телефон уже используется другим пользователем',
    en: 'This phone is already used by another user',
  },
  'profile.roleNotHeld': { ru: 'У вас нет такой роли', en: 'You do not have this role' },
  'profile.phoneRequired': {
    ru: 'Сначала укажите телефон в профиле',
    en: 'Add a phone to your profile first',
  },
  'bookings.windowTooLong': {
    ru: 'Можно запросить не больше 366 дней за раз',
    en: 'At most 366 days can be requested at once',
  },
  'documents.fileType': { ru: 'Загрузите документ в формате PDF', en: 'Upload a PDF document' },
  'documents.fileSize': {
    ru: 'Размер файла не должен превышать 10 МБ',
    en: 'The file must not exceed 10 MB',
  },
  'documents.fileRequired': { ru: 'Выберите файл', en: 'Choose a file' },
  'documents.notAwaitingSignature': {
    ru: 'Этот документ не ждёт подписи',
    en: 'This document is not awaiting a signature',
  },
  'documents.notAwaitingReview': {
    ru: 'Подписанная копия этого документа не ждёт проверки',
    en: 'No signed copy of this document is awaiting review',
  },
  'documents.returnCommentRequired': {
    ru: 'Напишите, что исправить, — клиент увидит комментарий',
    en: 'Write what to fix: the client will see the comment',
  },
  'documents.categoryRequired': { ru: 'Выберите категорию документа', en: 'Choose a document category' },
  'sale.priceRequired': { ru: 'Укажите цену', en: 'Enter the price' },
  'sale.pricePositive': { ru: 'Цена должна быть больше 0', en: 'The price must be above 0' },
  'sale.priceTooHigh': { ru: 'Слишком большая цена', en: 'The price is too high' },
  'sale.noIncome': {
    ru: 'Юнит можно продать, когда по нему есть доход за месяц',
    en: 'A unit can be sold once it has a monthly income',
  },
  'sale.alreadyOnSale': { ru: 'Юнит уже выставлен на продажу', en: 'The unit is already on sale' },
  'sale.notOnSale': { ru: 'Юнит не выставлен на продажу', en: 'The unit is not on sale' },
  'sale.ownLot': {
    ru: 'Нельзя оставить заявку на собственный лот',
    en: 'You cannot leave a request on your own lot',
  },
  'staff.self': {
    ru: 'Нельзя отключить собственный аккаунт',
    en: 'You cannot deactivate your own account',
  },
  'staff.ownRole': {
    ru: 'Нельзя изменить собственную роль',
    en: 'You cannot change your own role',
  },
  'staff.defaultMustBeManager': {
    ru: 'Основным может быть только менеджер',
    en: 'Only a manager can be the default manager',
  },
  'staff.defaultRequired': {
    ru: 'Сначала назначьте основным другого менеджера',
    en: 'Make another manager the default one first',
  },
  'staff.reassignRequired': {
    ru: 'Выберите менеджера, к которому перейдут клиенты',
    en: 'Choose the manager who takes over the clients',
  },
  'staff.newDefaultRequired': {
    ru: 'Выберите нового основного менеджера',
    en: 'Choose the new default manager',
  },
  'staff.notActiveManager': {
    ru: 'Выберите другого действующего менеджера',
    en: 'Choose another active manager',
  },
  'outbox.notFailed': {
    ru: 'Это сообщение уже отправлено или ждёт отправки',
    en: 'This message has already been sent or is waiting to be sent',
  },
  // Input the database cannot hold, abuse limits, the back office's scope.
  'request.badText': {
    ru: 'Запрос содержит недопустимые символы',
    en: 'The request contains characters that are not allowed',
  },
  'request.badHeader': { ru: 'Некорректный заголовок запроса', en: 'A request header is malformed' },
  'request.duplicate': {
    ru: 'Такая запись уже есть. Обновите страницу и проверьте данные.',
    en: 'Such a record already exists. Reload the page and check the data.',
  },
  'requests.tooMany': {
    ru: 'Слишком много обращений к менеджеру. Повторите позже.',
    en: 'Too many requests to your manager. Try again later.',
  },
  'requests.alreadyOpen': {
    ru: 'Заявка уже отправлена, менеджер работает с ней. Новую можно отправить, когда он её закроет.',
    en: 'The request has already been sent and your manager is working on it. You can send a new one once it is closed.',
  },
  'import.outOfScope': {
    ru: 'строка не относится к вашим клиентам',
    en: 'the row does not concern your clients',
  },
  serviceUnavailable: {
    ru: 'Сервис временно недоступен',
    en: 'The service is temporarily unavailable',
  },
  'database.busy': {
    ru: 'Эти данные сейчас изменяются: повторите через несколько секунд',
    en: 'This data is being changed right now: try again in a few seconds',
  },
  internal: { ru: 'Внутренняя ошибка сервера', en: 'Internal server error' },
} as const satisfies Record<string, Record<Locale, string>>;

export type MessageKey = keyof typeof MESSAGES;

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(MESSAGES, value);
}

export function message(key: MessageKey, locale: Locale): string {
  return MESSAGES[key][locale];
}

/** The text with its `{name}` placeholders filled from params (a placeholder without a value stays as it is). */
export function formatMessage(text: string, params: Record<string, string> | undefined): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}
