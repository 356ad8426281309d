import type { Page } from '@playwright/test';
import { baseURL, customerToken, expect, type Customer } from './fixtures';

/** The customer's balance as the API keeps it (`GET /data/wallet`). */
export async function walletBalance(customer: Pick<Customer, 'email' | 'password'>): Promise<number> {
  const token = await customerToken(customer);
  const response = await fetch(`${baseURL}/data/wallet`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET /data/wallet answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { balance: number }).balance;
}

/** The credits the navigation shows (Spanish: "1 crédito", "11 créditos"). */
export const navigationCredits = (page: Page) => page.getByTestId('credits').first();

/**
 * On the sandbox gateway's page (reached from /offers): checks it names what is bought, types `card`
 * over the prefilled paying card when given, pays, and waits for the confirmation page.
 */
export async function payInSandbox(page: Page, item: string | RegExp, card?: string): Promise<string> {
  await expect(page).toHaveURL(/\/sandbox-checkout\/[0-9a-f-]{36}$/);
  const sessionId = new URL(page.url()).pathname.split('/').pop() as string;
  await expect(page.getByTestId('purchase-item')).toHaveText(item);
  if (card) await page.getByLabel(/^Número de tarjeta/).fill(card);
  await page.getByRole('button', { name: 'Pagar', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/stripeconfirmation/${sessionId}$`));
  return sessionId;
}
