import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

const STAR_POINTS = Array.from({ length: 12 }, (_, i) => {
  const angle = (i * Math.PI) / 6;
  return { cx: 20 + 9 * Math.cos(angle), cy: 14 + 9 * Math.sin(angle) };
});

function EuEmblem() {
  return (
    <svg viewBox="0 0 40 28" width="40" height="28" aria-hidden="true" focusable="false">
      <rect width="40" height="28" fill="#003399" />
      {STAR_POINTS.map((p, i) => (
        <circle key={i} cx={p.cx} cy={p.cy} r="1.4" fill="#ffcc00" />
      ))}
    </svg>
  );
}

function RecoveryEmblem() {
  return (
    <svg viewBox="0 0 40 28" width="40" height="28" aria-hidden="true" focusable="false">
      <rect width="40" height="28" fill="#ffffff" />
      <rect width="40" height="7" fill="#c60b1e" />
      <rect y="7" width="40" height="14" fill="#ffc400" />
      <rect y="21" width="40" height="7" fill="#c60b1e" />
    </svg>
  );
}

function CdtiEmblem() {
  return (
    <svg viewBox="0 0 40 28" width="40" height="28" aria-hidden="true" focusable="false">
      <rect width="40" height="28" rx="4" fill="#ffffff" />
      <text
        x="20"
        y="18"
        textAnchor="middle"
        fontSize="11"
        fontWeight="700"
        fontFamily="Arial, sans-serif"
        fill="#0b3d91"
      >
        CDTI
      </text>
    </svg>
  );
}

const BADGES = [
  { key: 'eu', Emblem: EuEmblem },
  { key: 'recovery', Emblem: RecoveryEmblem },
  { key: 'cdti', Emblem: CdtiEmblem },
] as const;

/** Funding acknowledgements, drawn here: an emblem beside its written name. */
export function FundingBadges() {
  const { t } = useTranslation();
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 2 }}>
      {BADGES.map(({ key, Emblem }) => (
        <Box component="li" key={key} sx={{ display: 'flex', alignItems: 'center', gap: 1, maxWidth: 280 }}>
          <Emblem />
          <Typography variant="caption">{t(`footer.funding.${key}`)}</Typography>
        </Box>
      ))}
    </Box>
  );
}
