import type { Review } from '@estancia/contracts';
import { baseURL, staffToken } from './fixtures';

/** The open review of a property, as the staff API lists it. */
export async function reviewOf(propertyName: string): Promise<Review | undefined> {
  const query = new URLSearchParams({ filter: JSON.stringify({ q: propertyName }) });
  const response = await fetch(`${baseURL}/data/admin/reviews?${query}`, {
    headers: { authorization: `Bearer ${await staffToken('decorator')}` },
  });
  const reviews = (await response.json()) as Review[];
  return reviews.find((review) => review.propertyName === propertyName);
}
