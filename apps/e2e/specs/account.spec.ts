import { type Page } from '@playwright/test';
import {
  createCustomer,
  customerPassword,
  expect,
  fillRegisterForm,
  logInThroughForm,
  readOutbox,
  test,
  uniqueEmail,
  waitForResetLink,
  waitForVerificationCode,
} from '../src/fixtures';

const toasts = (page: Page) => page.getByRole('region', { name: 'Notificaciones', exact: true });

async function openUserMenu(page: Page, name: string): Promise<void> {
  const button = page.getByTestId('user-menu');
  await expect(button).toHaveAccessibleName(`Menú de usuario de ${name}`);
  await button.click();
}

test('a visitor signs up, verifies the e-mailed code, signs in, edits the account, changes the password and logs out', async ({
  page,
}) => {
  const email = uniqueEmail('journey');
  const password = customerPassword();
  const newPassword = customerPassword('-new');

  // Register: the form, then the code step.
  await fillRegisterForm(page, { name: 'Marta Journey', email, password, company: 'Pisos Marta' });
  await expect(page.getByRole('heading', { level: 2, name: 'Verifica tu correo' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  const code = await waitForVerificationCode(email);
  await page.getByLabel('Código de verificación', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Verificar', exact: true }).click();

  // Verified: Login with the success message and the e-mail already filled in.
  await expect(page).toHaveURL(/\/login\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Inicia sesión en Estancia' })).toBeVisible();
  await expect(
    page.getByText('Tu cuenta está verificada. Ya puedes iniciar sesión.', { exact: true }),
  ).toBeVisible();
  await expect(page.getByLabel('Correo electrónico', { exact: true })).toHaveValue(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();

  // No active subscription: MyProjects sends the new customer to GetStarted.
  await expect(page).toHaveURL(/\/get-started$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Empieza con Estancia' })).toBeVisible();
  await expect(page).toHaveTitle('Estancia - GetStarted');
  await expect(page.getByText('1 crédito', { exact: true })).toBeVisible();

  // Account from the user menu.
  await openUserMenu(page, 'Marta Journey');
  await page.getByRole('menuitem', { name: 'Mi cuenta', exact: true }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeVisible();

  // Personal information: saved, and still there after a reload.
  const personal = page.getByRole('region', { name: 'Información personal', exact: true });
  await expect(personal.getByLabel('Correo electrónico', { exact: true })).toHaveValue(email);
  await expect(personal.getByLabel('Empresa', { exact: true })).toHaveValue('Pisos Marta');
  await personal.getByLabel('Nombre', { exact: true }).fill('Marta Renamed');
  await personal.getByLabel('Empresa', { exact: true }).fill('Estancias Marta SL');
  await personal.getByLabel('Teléfono', { exact: true }).fill('+34 600 123 456');
  await personal.getByRole('button', { name: 'Guardar datos', exact: true }).click();
  await expect(toasts(page).getByText('Hemos guardado tus datos.', { exact: true })).toBeVisible();
  await expect(page.getByTestId('user-menu')).toHaveAccessibleName('Menú de usuario de Marta Renamed');
  await page.reload();
  await expect(personal.getByLabel('Nombre', { exact: true })).toHaveValue('Marta Renamed');
  await expect(personal.getByLabel('Empresa', { exact: true })).toHaveValue('Estancias Marta SL');
  await expect(personal.getByLabel('Teléfono', { exact: true })).toHaveValue('+34 600 123 456');

  // Security: a wrong current password is refused on its field; the right one changes the password.
  const security = page.getByRole('region', { name: 'Seguridad', exact: true });
  await security.getByLabel('Contraseña actual', { exact: true }).fill('Not-the-password-1!');
  await security.getByLabel('Contraseña nueva', { exact: true }).fill(newPassword);
  await security.getByLabel('Repite la contraseña nueva', { exact: true }).fill(newPassword);
  await security.getByRole('button', { name: 'Cambiar contraseña', exact: true }).click();
  await expect(security.getByText('La contraseña actual no es correcta.', { exact: true })).toBeVisible();
  await expect(security.getByLabel('Contraseña actual', { exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await security.getByLabel('Contraseña actual', { exact: true }).fill(password);
  await security.getByRole('button', { name: 'Cambiar contraseña', exact: true }).click();
  await expect(
    toasts(page).getByText('Tu contraseña se ha cambiado. Las demás sesiones se han cerrado.', {
      exact: true,
    }),
  ).toBeVisible();
  // The session goes on with the new token the API answered.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeVisible();

  // Log out: back on Login, and a protected route now asks to sign in first.
  await openUserMenu(page, 'Marta Renamed');
  await page.getByRole('menuitem', { name: 'Cerrar sesión', exact: true }).click();
  // Logout reloads on plain Login, even from a protected page (no `redirectTo` left behind).
  await expect(page).toHaveURL(/\/login\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Inicia sesión en Estancia' })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('_token'))).toBeNull();
  await expect(page.getByTestId('user-menu')).toHaveCount(0);
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login\/\?redirectTo=Account$/);

  // The old password no longer opens the account; the new one does, and goes where the visitor wanted.
  await logInThroughForm(page, email, password);
  await expect(
    toasts(page).getByRole('alert').filter({
      hasText:
        'El correo o la contraseña no son correctos, o la cuenta aún no está activada. Inténtalo de nuevo.',
    }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login\//);
  await page.getByLabel('Contraseña', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeVisible();
});

test('a wrong verification code shows the translated error; a resent code verifies the account', async ({
  page,
}) => {
  const email = uniqueEmail('wrongcode');
  await fillRegisterForm(page, { name: 'Wrong Code', email, password: customerPassword() });
  await expect(page.getByRole('heading', { level: 2, name: 'Verifica tu correo' })).toBeVisible();
  const code = await waitForVerificationCode(email);
  const wrong = code.slice(0, 5) + String((Number(code[5]) + 1) % 10);

  const field = page.getByLabel('Código de verificación', { exact: true });
  await field.fill(wrong);
  await page.getByRole('button', { name: 'Verificar', exact: true }).click();
  await expect(toasts(page).getByRole('alert')).toHaveText('El código no es correcto.');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('El código no es correcto.', { exact: true }).last()).toBeVisible();
  await expect(page).toHaveURL(/\/register\/\?verify=/);

  // Resend: a second code arrives and it verifies the account.
  await page.getByRole('button', { name: 'Reenviar código', exact: true }).click();
  await expect(toasts(page).getByText('Te hemos enviado un código nuevo.', { exact: true })).toBeVisible();
  await expect
    .poll(async () => (await readOutbox(email)).filter((m) => m.template === 'verification').length)
    .toBe(2);
  await field.fill(await waitForVerificationCode(email));
  await page.getByRole('button', { name: 'Verificar', exact: true }).click();
  await expect(page).toHaveURL(/\/login\/$/);
  await expect(
    page.getByText('Tu cuenta está verificada. Ya puedes iniciar sesión.', { exact: true }),
  ).toBeVisible();
});

test('the code step survives a reload; an unverified sign-in and a second registration lead back to it with a fresh code', async ({
  page,
}) => {
  const email = uniqueEmail('codestep');
  const password = customerPassword();
  const codeStep = page.getByRole('heading', { level: 2, name: 'Verifica tu correo' });
  const codesSent = async () =>
    (await readOutbox(email)).filter((message) => message.template === 'verification').length;

  // Register: the code step has its own address (`?verify=<email>`), so a reload keeps it.
  await fillRegisterForm(page, { name: 'Code Step', email, password });
  await expect(codeStep).toBeVisible();
  await expect(page).toHaveURL(/\/register\/\?verify=/);
  expect(new URL(page.url()).searchParams.get('verify')).toBe(email);
  await expect.poll(codesSent).toBe(1);
  await page.reload();
  await expect(codeStep).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reenviar código', exact: true })).toBeVisible();

  // Signing in before verifying: the right password opens the code step and a new code is e-mailed.
  await page.goto('/login/');
  await expect(page.getByRole('heading', { level: 1, name: 'Inicia sesión en Estancia' })).toBeVisible();
  await logInThroughForm(page, email, password);
  await expect(codeStep).toBeVisible();
  await expect(page).toHaveURL(/\/register\/\?verify=/);
  await expect(
    toasts(page).getByText(`Tu cuenta aún no está verificada. Te hemos enviado un código nuevo a ${email}.`, {
      exact: true,
    }),
  ).toBeVisible();
  await expect.poll(codesSent).toBe(2);
  expect(await page.evaluate(() => window.localStorage.getItem('_token'))).toBeNull();

  // Registering again with the same e-mail: no "already exists", the code step with a fresh code instead.
  const newPassword = customerPassword('-again');
  await fillRegisterForm(page, { name: 'Code Step', email, password: newPassword });
  await expect(codeStep).toBeVisible();
  await expect(page).toHaveURL(/\/register\/\?verify=/);
  await expect(toasts(page).getByRole('alert')).toHaveCount(0);
  await expect.poll(codesSent).toBe(3);

  // The newest code verifies the account, and the password of the latest registration signs in.
  await page.getByLabel('Código de verificación', { exact: true }).fill(await waitForVerificationCode(email));
  await page.getByRole('button', { name: 'Verificar', exact: true }).click();
  await expect(page).toHaveURL(/\/login\/$/);
  await expect(page.getByLabel('Correo electrónico', { exact: true })).toHaveValue(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  await expect(page).toHaveURL(/\/get-started$/);
});

test('an e-mail that already has an account flags the e-mail field', async ({ page }) => {
  const existing = await createCustomer('taken');
  await fillRegisterForm(page, { name: 'Someone Else', email: existing.email, password: customerPassword() });

  const emailField = page.getByLabel('Correo electrónico', { exact: true });
  await expect(emailField).toHaveAttribute('aria-invalid', 'true');
  await expect(emailField).toHaveAccessibleDescription('Ya existe una cuenta con este correo electrónico.');
  await expect(toasts(page).getByRole('alert')).toHaveText(
    'Ya existe una cuenta con este correo electrónico.',
  );
  // Still the form: no code step, no second account.
  await expect(page.getByRole('heading', { level: 2, name: 'Verifica tu correo' })).toHaveCount(0);
  await expect(page.getByLabel('Nombre', { exact: true })).toHaveAttribute('aria-invalid', 'false');
});

test('forgot password: the e-mailed link opens the reset form, the new password signs in, the link works once', async ({
  page,
}) => {
  const customer = await createCustomer('forgot');
  const newPassword = customerPassword('-reset');

  await page.goto('/login/');
  await page.getByRole('button', { name: '¿Has olvidado tu contraseña?', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Recupera tu contraseña', exact: true });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Correo electrónico', { exact: true }).fill(customer.email);
  await dialog.getByRole('button', { name: 'Enviar enlace', exact: true }).click();
  await expect(
    toasts(page).getByText(
      'Si existe una cuenta con este correo, te hemos enviado un enlace para restablecer la contraseña.',
      { exact: true },
    ),
  ).toBeVisible();
  await expect(dialog).toBeHidden();

  const link = await waitForResetLink(customer.email);
  expect(link).toMatch(/^\/login\/\?resetToken=/);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 2, name: 'Crea una contraseña nueva' })).toBeVisible();
  await page.getByLabel('Contraseña nueva', { exact: true }).fill(newPassword);
  await page.getByLabel('Repite la contraseña nueva', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Guardar contraseña', exact: true }).click();
  await expect(
    toasts(page).getByText('Tu contraseña se ha cambiado. Ya puedes iniciar sesión.', { exact: true }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login\/$/);

  // The login form is back; the old password is refused and the new one signs in.
  await logInThroughForm(page, customer.email, customer.password);
  await expect(toasts(page).getByRole('alert')).toBeVisible();
  await page.getByLabel('Contraseña', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  await expect(page).toHaveURL(/\/get-started$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Empieza con Estancia' })).toBeVisible();

  // The e-mailed link is spent: opening it again (signed out) and saving is refused.
  await page.evaluate(() => window.localStorage.clear());
  await page.goto(link);
  await page.getByLabel('Contraseña nueva', { exact: true }).fill(customerPassword('-again'));
  await page.getByLabel('Repite la contraseña nueva', { exact: true }).fill(customerPassword('-again'));
  await page.getByRole('button', { name: 'Guardar contraseña', exact: true }).click();
  await expect(toasts(page).getByRole('alert')).toHaveText(
    'Ha habido un error al restablecer la contraseña. El enlace no es válido o ha caducado.',
  );
  // Only one reset e-mail was sent for the one request.
  expect((await readOutbox(customer.email)).filter((m) => m.template === 'passwordReset')).toHaveLength(1);
});
