/**
 * The sign-in screens' Russian texts (login, sign-up, password recovery, activation, two-factor, the errors shown
 * there, the not-found and error screens): the first screen loads only these. The signed-in areas' texts
 * are in ru.ts, the console's in ru-backoffice.ts. Keys must match en-sign-in.ts; a test checks it.
 */
export const ruSignIn = {
  common: {
    clear: 'Очистить',
    loading: 'Загрузка…',
    error: 'Не удалось загрузить данные. Попробуйте обновить страницу.',
    errorHint: 'Если ошибка повторяется, напишите вашему менеджеру.',
    retry: 'Повторить',
    save: 'Сохранить',
    cancel: 'Отмена',
    edit: 'Редактировать',
    close: 'Закрыть',
    ok: 'Хорошо',
    send: 'Отправить',
    confirm: 'Подтвердить',
    actionFailed: 'Не удалось выполнить действие. Попробуйте ещё раз.',
    networkError: 'Нет связи с сервером. Проверьте интернет и попробуйте ещё раз.',
    soon: 'скоро',
  },
  auth: {
    totpTitle: 'Код из приложения',
    totpHint: 'Введите шесть цифр из приложения-аутентификатора или один из резервных кодов',
    loginTitle: 'Вход',
    signUpTitle: 'Регистрация',
    signUpSuccessTitle: 'Проверьте свой e-mail',
    recoveryTitle: 'Восстановление пароля',
    recoverySuccessTitle: 'Проверьте свой e-mail',
    createPasswordTitle: 'Создание пароля',
    newPasswordTitle: 'Новый пароль',
    loginLabel: 'E-mail или телефон',
    loginPlaceholder: 'E-mail или +7 (999) 000 00 00',
    passwordLabel: 'Пароль',
    repeatPasswordLabel: 'Повторите пароль',
    emailLabel: 'E-mail',
    phoneLabel: 'Телефон',
    signIn: 'Войти',
    signUp: 'Зарегистрироваться',
    toSignUp: 'Регистрация',
    toLogin: 'Вход',
    forgotPassword: 'Забыли пароль?',
    sendLink: 'Отправить ссылку',
    signUpHint: 'Укажите e-mail или телефон, указанный в договоре с управляющей компанией',
    recoveryHint: 'Укажите e-mail, и мы пришлём ссылку для создания нового пароля',
    signUpSuccessText: 'Мы отправили вам письмо с ссылкой на создание аккаунта',
    recoverySuccessText: 'Мы отправили вам письмо с ссылкой на создание нового пароля',
    byEmail: 'По e-mail',
    byPhone: 'По телефону',
    enterAccount: 'Войти в личный кабинет',
    savePassword: 'Сохранить пароль',
    passwordRuleHint: 'От 6 до 20 символов, хотя бы одна цифра, одна заглавная и одна строчная буква',
    codeTitle: 'Код подтверждения',
    codeSentTo: 'Мы отправили код на номер {{phone}}',
    resendCode: 'Отправить код повторно',
    resendCodeIn: 'Отправить код повторно через {{seconds}} с',
    emailCodeSentTo: 'Мы отправили код на вашу почту {{email}}',
    emailCodeWhy:
      'В ваш аккаунт было много неудачных попыток войти, поэтому для входа с нового устройства нужен код из письма. Если это были не вы, смените пароль.',
    demoTitle: 'Демо-доступ',
    demoHint: 'Нажмите на аккаунт, чтобы подставить его данные',
    linkChecking: 'Проверяем ссылку',
    linkDeadTitle: 'Ссылка больше не действует',
    linkDeadSignUp:
      'Ссылка для создания пароля устарела, уже использована или скопирована не полностью. Запросите новую: мы пришлём её на e-mail или телефон из договора.',
    linkDeadRecovery:
      'Ссылка для нового пароля устарела, уже использована или скопирована не полностью. Запросите новую: мы пришлём её на ваш e-mail.',
    requestNewLink: 'Получить новую ссылку',
    backToLogin: 'Вернуться ко входу',
    welcome: 'Личный кабинет инвестора',
    welcomeText: 'Доходы, бронирования, ход строительства и документы ваших юнитов — в одном месте.',
  },
  layout: {
    brand: 'Личный кабинет',
    documentTitle: 'Личный кабинет инвестора',
    language: 'Язык',
  },
  notFound: {
    title: 'Такой страницы нет',
    hint: 'Проверьте адрес или вернитесь на главную страницу.',
    home: 'Вернуться на главную',
  },
  // The messages the server answers too (spec: Validation rules): the contract's (messages.ts) texts, which the
  // resources test
  // compares, written out so that the first screen does not load the contract's catalogue of both languages.
  validation: {
    email: 'Это непохоже на email-адрес.',
    phone: 'Некорректный номер телефона.',
    passwordRule:
      'Введите от 6 до 20 символов. Пароль должен содержать хотя бы одну цифру, одну заглавную и строчную букву',
    passwordRequired: 'Введите пароль',
    passwordMismatch: 'Пароли не совпадают.',
    passwordSameAsOld: 'Новый пароль должен отличаться от старого',
    loginRequired: 'Введите e-mail или телефон',
    contactRequired: 'Укажите e-mail или телефон из договора с управляющей компанией',
    required: 'Обязательное поле',
    code: 'Код состоит из шести цифр',
  },
};

export type SignInResources = typeof ruSignIn;
