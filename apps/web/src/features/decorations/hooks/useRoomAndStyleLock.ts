import { usePlans } from '../../billing/api/catalogue';
import { useSession } from '../../session/session';

/** The customer's plan lacks allRoomsAndStyles: only the basic rooms and styles can be chosen. */
export interface RoomAndStyleLock {
  /** The first plan on sale that unlocks them all ("in PRO and above"); null until the plans are known. */
  unlockedBy: string | null;
}

/**
 * Whether the rooms and styles past the basic ones are locked for the signed-in customer, read from the
 * data of their plan (never its name). Without a plan they are; with one, once its data is known (the API
 * checks every order anyway, so nothing is locked by mistake meanwhile).
 */
export function useRoomAndStyleLock(): RoomAndStyleLock | null {
  const { user } = useSession();
  const plans = usePlans();
  const subscription = user?.userSubscription;
  const code = subscription?.isActive ? (subscription.subscription?.name ?? null) : null;
  const own = plans.data?.find((plan) => plan.code === code);
  const locked = code === null || (own !== undefined && !own.rights.allRoomsAndStyles);
  if (!locked) return null;
  return { unlockedBy: plans.data?.find((plan) => plan.rights.allRoomsAndStyles)?.name ?? null };
}
