import type { EditSession, Review } from '@estancia/contracts';
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

/** The review's edit session (its base image, the engine's added mask, the edit document). */
export async function editSessionOf(reviewId: string): Promise<EditSession> {
  const response = await fetch(`${baseURL}/data/admin/reviews/${reviewId}/edit`, {
    headers: { authorization: `Bearer ${await staffToken('decorator')}` },
  });
  return (await response.json()) as EditSession;
}
