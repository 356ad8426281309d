import { type Page } from '@playwright/test';
import {
  baseURL,
  createCustomer,
  expect,
  findAdminUser,
  signInWithToken,
  test,
  waitForMail,
} from '../src/fixtures';

const selector = (page: Page) => page.getByTestId('language-selector');

/** What the Login page shows in one language: heading, fields, button, selector label, <html lang>. */
async function expectLoginIn(
  page: Page,
  lang: string,
  texts: { heading: string; email: string; password: string; submit: string; selector: string },
): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.getByRole('heading', { level: 1, name: texts.heading, exact: true })).toBeVisible();
  await expect(page.getByLabel(texts.email, { exact: true })).toBeVisible();
  await expect(page.getByLabel(texts.password, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: texts.submit, exact: true })).toBeVisible();
  await expect(page.getByLabel(texts.selector, { exact: true })).toHaveValue(lang);
  await expect(selector(page)).toHaveValue(lang);
}

const SPANISH = {
  heading: 'Inicia sesión en Estancia',
  email: 'Correo electrónico',
  password: 'Contraseña',
  submit: 'Iniciar sesión',
  selector: 'Idioma',
};
const CATALAN = {
  heading: 'Inicia la sessió a Estancia',
  email: 'Correu electrònic',
  password: 'Contrasenya',
  submit: 'Inicia la sessió',
  selector: 'Idioma',
};
const ENGLISH = {
  heading: 'Log in to Estancia',
  email: 'Email',
  password: 'Password',
  submit: 'Log in',
  selector: 'Language',
};

test('the language selector switches the visible strings es → ca → en, and the choice survives a reload', async ({
  page,
}) => {
  await page.goto('/login/');
  await expectLoginIn(page, 'es', SPANISH);
  await expect(page.getByRole('button', { name: '¿Has olvidado tu contraseña?', exact: true })).toBeVisible();

  await selector(page).selectOption('ca');
  await expectLoginIn(page, 'ca', CATALAN);
  await expect(page.getByRole('button', { name: 'Has oblidat la contrasenya?', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: "Registra't", exact: true })).toBeVisible();

  await selector(page).selectOption('en');
  await expectLoginIn(page, 'en', ENGLISH);
  await expect(page.getByRole('button', { name: 'Forgot your password?', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign up', exact: true })).toBeVisible();
  // The page title is the product name plus the route name, in every language.
  await expect(page).toHaveTitle('Estancia - Login');

  // Stored under `_lang`: a reload and another page keep English.
  expect(await page.evaluate(() => window.localStorage.getItem('_lang'))).toBe('en');
  await page.reload();
  await expectLoginIn(page, 'en', ENGLISH);
  await page.getByRole('link', { name: 'Sign up', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create your Estancia account' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create account', exact: true })).toBeVisible();
});

test('?lang=ca on a URL sets the language, which persists on reload and on other pages', async ({ page }) => {
  await page.goto('/register/?lang=ca');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ca');
  await expect(page.getByRole('heading', { level: 1, name: "Crea el teu compte d'Estancia" })).toBeVisible();
  await expect(page.getByLabel('Nom', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Crea el compte', exact: true })).toBeVisible();
  await expect(selector(page)).toHaveValue('ca');
  // The account language of the sign-up form follows the interface language.
  await expect(page.getByLabel('Idioma del teu compte', { exact: true })).toHaveValue('ca');

  await page.goto('/register/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ca');
  await expect(page.getByRole('heading', { level: 1, name: "Crea el teu compte d'Estancia" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: "Crea el teu compte d'Estancia" })).toBeVisible();

  await page.goto('/contact-us');
  await expect(page.getByRole('heading', { level: 1, name: 'Contacte', exact: true })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Navegació principal' })).toBeVisible();

  // An unknown language in the URL changes nothing; another known one wins.
  await page.goto('/contact-us?lang=fr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ca');
  await page.goto('/contact-us?lang=en');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact us', exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test("a signed-in customer's switch changes the navigation and the language of the account's e-mails", async ({
  page,
  request,
}) => {
  const customer = await createCustomer('lang', { name: 'Jordi Idioma' });
  await signInWithToken(page, customer, '/get-started');
  await expect(page.getByRole('heading', { level: 1, name: 'Empieza con Estancia' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Navegación principal', exact: true });
  await expect(nav.getByRole('link', { name: 'Prueba gratis', exact: true })).toBeVisible();
  await expect(page.getByTestId('user-menu')).toHaveAccessibleName('Menú de usuario de Jordi Idioma');

  await selector(page).selectOption('ca');
  await expect(page.getByRole('heading', { level: 1, name: 'Comença amb Estancia' })).toBeVisible();
  await expect(page.getByTestId('user-menu')).toHaveAccessibleName("Menú d'usuari de Jordi Idioma");
  await expect(
    page
      .getByRole('navigation', { name: 'Navegació principal' })
      .getByRole('link', { name: 'Prova-ho gratis' }),
  ).toBeVisible();
  await expect(page.getByText('1 crèdit', { exact: true })).toBeVisible();

  await selector(page).selectOption('en');
  await expect(page.getByRole('heading', { level: 1, name: 'Get started with Estancia' })).toBeVisible();
  await expect(page.getByTestId('user-menu')).toHaveAccessibleName('User menu for Jordi Idioma');
  await expect(page.getByText('1 credit', { exact: true })).toBeVisible();
  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menuitem', { name: 'Log out', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');

  // The account remembers English, so its next e-mail (a reset link) is written in English.
  await expect.poll(async () => (await findAdminUser(customer.email))?.language).toBe('en');
  const forgot = await request.get(
    `${baseURL}/data/user/forgotPassword/${encodeURIComponent(customer.email)}`,
  );
  expect(forgot.ok()).toBe(true);
  const mail = await waitForMail(customer.email, (m) => m.template === 'passwordReset');
  expect(mail.subject).toBe('Reset your Estancia password');
});
