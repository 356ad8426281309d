import { expect, expectNoSeriousA11yViolations, test, uniqueEmail, waitForMail } from '../src/fixtures';

test('the contact form refuses a meeting without days and times, then sends the request', async ({
  page,
}) => {
  await page.goto('/contact-us');
  await expect(page.getByRole('heading', { level: 1, name: 'Contacto' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Formulario de contacto' });
  const email = uniqueEmail('contact');
  await form.getByRole('textbox', { name: 'Nombre' }).fill('Laia Ventas');
  await form.getByRole('textbox', { name: 'Correo electrónico' }).fill(email);
  await form.getByRole('checkbox', { name: 'Imágenes automáticas' }).check();
  // One band of properties: a second choice replaces the first.
  await form.getByRole('radio', { name: 'De 1 a 10' }).check();
  await form.getByRole('radio', { name: 'De 10 a 100' }).check();
  await expect(form.getByRole('radio', { name: 'De 1 a 10' })).not.toBeChecked();
  await form.getByRole('checkbox', { name: 'Quiero una reunión con el equipo comercial' }).check();
  await form.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(form.getByText('Indica qué días y horas te van bien para la reunión.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await form
    .getByRole('textbox', { name: 'Días y horas que te van bien' })
    .fill('Martes y jueves, de 10 a 13 h');
  await form.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(page.getByText('¡Gracias! Hemos recibido tu solicitud')).toBeVisible();
  await waitForMail(email);
});
