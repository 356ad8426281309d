import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { DeleteAccountSection } from '../../features/account/components/DeleteAccountSection';
import { DownloadOptionsSection } from '../../features/account/components/DownloadOptionsSection';
import { ExportDataSection } from '../../features/account/components/ExportDataSection';
import { PacksSection } from '../../features/account/components/PacksSection';
import { PaymentMethodSection } from '../../features/account/components/PaymentMethodSection';
import { PersonalInformationForm } from '../../features/account/components/PersonalInformationForm';
import { ReferralSection } from '../../features/account/components/ReferralSection';
import { SecurityForm } from '../../features/account/components/SecurityForm';
import { StatisticsSection } from '../../features/account/components/StatisticsSection';
import { SubscriptionSection } from '../../features/account/components/SubscriptionSection';
import { TransactionsSection } from '../../features/account/components/TransactionsSection';
import { useSession } from '../../features/session/session';

const SECTIONS = [
  'personal',
  'security',
  'packs',
  'transactions',
  'paymentMethod',
  'statistics',
  'referral',
  'subscription',
  'downloadOptions',
  'exportData',
  'deleteAccount',
] as const;
type Section = (typeof SECTIONS)[number];

function AccountSection({
  id,
  children,
  sectionRef,
}: {
  id: Section;
  children?: ReactNode;
  sectionRef?: React.Ref<HTMLElement>;
}) {
  const { t } = useTranslation();
  return (
    <Paper
      component="section"
      variant="outlined"
      id={`account-${id}`}
      ref={sectionRef}
      tabIndex={-1}
      aria-labelledby={`account-${id}-title`}
      sx={{ p: { xs: 2, sm: 3 }, mb: 3, scrollMarginTop: 96 }}
    >
      <Typography component="h2" variant="h2" id={`account-${id}-title`}>
        {t(`account.sections.${id}`)}
      </Typography>
      {children}
    </Paper>
  );
}

/** Each money section loads its own data, so one slow or failing call leaves the others usable. */
type MoneySection = Exclude<Section, 'personal' | 'security' | 'exportData' | 'deleteAccount'>;
const MONEY_SECTIONS: Record<MoneySection, () => ReactNode> = {
  packs: PacksSection,
  transactions: TransactionsSection,
  paymentMethod: PaymentMethodSection,
  statistics: StatisticsSection,
  referral: ReferralSection,
  subscription: SubscriptionSection,
  downloadOptions: DownloadOptionsSection,
};
const isMoneySection = (id: Section): id is MoneySection => id in MONEY_SECTIONS;

export function AccountPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [params] = useSearchParams();
  const showSubscription = params.get('showSubscription') === 'true';
  const subscriptionRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!showSubscription || !subscriptionRef.current) return;
    subscriptionRef.current.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    subscriptionRef.current.focus({ preventScroll: true });
  }, [showSubscription]);

  if (!user) return null;
  return (
    <>
      <Typography component="h1" variant="h1" gutterBottom>
        {t('account.title')}
      </Typography>
      <Box component="nav" aria-label={t('account.sectionsLabel')} sx={{ mb: 3 }}>
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          {SECTIONS.map((id) => (
            <li key={id}>
              <Link href={`#account-${id}`} underline="always">
                {t(`account.sections.${id}`)}
              </Link>
            </li>
          ))}
        </Box>
      </Box>
      <AccountSection id="personal">
        <PersonalInformationForm user={user} />
      </AccountSection>
      <AccountSection id="security">
        <SecurityForm />
      </AccountSection>
      {SECTIONS.filter(isMoneySection).map((id) => {
        const Content = MONEY_SECTIONS[id];
        return (
          <AccountSection key={id} id={id} sectionRef={id === 'subscription' ? subscriptionRef : undefined}>
            <Content />
          </AccountSection>
        );
      })}
      <AccountSection id="exportData">
        <ExportDataSection />
      </AccountSection>
      <AccountSection id="deleteAccount">
        <DeleteAccountSection user={user} />
      </AccountSection>
    </>
  );
}
