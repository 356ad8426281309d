import { returnAddress } from '../../app/guards';
import { pathTo } from '../../app/route-meta';

/** The link to ReportProblem from `here` (path and query), so the report names the page the customer was on. */
export const reportProblemPath = (here: string): string => pathTo('ReportProblem', {}, { from: here });

/**
 * The page a problem report is about: the `from` the link carried, else the page the browser came from (when it
 * is ours), else this one.
 */
export function reportedPage(
  from: string | null,
  referrer: string,
  here: Pick<Location, 'origin' | 'href'>,
): string {
  const path = returnAddress(from);
  if (path && !path.startsWith(pathTo('ReportProblem'))) return `${here.origin}${path}`;
  if (
    referrer.startsWith(`${here.origin}/`) &&
    !referrer.startsWith(`${here.origin}${pathTo('ReportProblem')}`)
  )
    return referrer;
  return here.href;
}
