import { Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import {
  Pagination,
  RecordContextProvider,
  ReferenceManyField,
  useListContext,
  useTranslate,
} from 'react-admin';
import { type AdminProject, type AdminUser } from '@estancia/contracts';
import { WhenField } from '../../common/WhenField';
import { Nothing } from './ShowSection';

type Decoration = AdminProject['decorations'][number];

const THUMBNAIL = { width: 128, height: 96 };

/** One decoration: its thumbnail (or why there is none yet), named by room and style, and its type. */
const DecorationThumbnail = ({ decoration }: { decoration: Decoration }) => {
  const translate = useTranslate();
  const name = `${translate(`console.roomTypes.${decoration.roomType}`)} · ${translate(
    `console.styles.${decoration.style}`,
  )}`;
  const state = translate(`console.customers.decorationStates.${decoration.state}`, { _: decoration.state });
  return (
    <Box component="figure" sx={{ m: 0, width: THUMBNAIL.width }}>
      {decoration.thumbnailUrl ? (
        <Box
          component="img"
          src={decoration.thumbnailUrl}
          alt={name}
          loading="lazy"
          sx={{ ...THUMBNAIL, objectFit: 'cover', borderRadius: 1, display: 'block' }}
        />
      ) : (
        <Box
          sx={{
            ...THUMBNAIL,
            borderRadius: 1,
            bgcolor: 'action.hover',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
          }}
        >
          <Typography variant="caption" color="text.secondary">
            {state}
          </Typography>
        </Box>
      )}
      <Typography
        component="figcaption"
        variant="caption"
        sx={{ display: 'block', overflowWrap: 'anywhere' }}
      >
        {name}
      </Typography>
      <Chip
        size="small"
        variant="outlined"
        label={translate(`console.customers.decorationTypes.${decoration.type}`)}
      />
    </Box>
  );
};

/** A project: its property, when it was created, how many photos, and its decorations as thumbnails. */
const ProjectCard = ({ project }: { project: AdminProject }) => {
  const translate = useTranslate();
  return (
    <Card variant="outlined" component="article" aria-label={project.propertyName}>
      <CardContent>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
          {project.propertyName}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          <RecordContextProvider value={project}>
            <WhenField source="createdAt" />
          </RecordContextProvider>
          {' · '}
          {translate('console.customers.photos', { smart_count: project.photos })}
          {' · '}
          {translate('console.customers.decorations', { smart_count: project.decorations.length })}
        </Typography>
        {project.decorations.length > 0 && (
          <Stack direction="row" useFlexGap spacing={1.5} sx={{ flexWrap: 'wrap', mt: 1.5 }}>
            {project.decorations.map((decoration) => (
              <DecorationThumbnail key={decoration.id} decoration={decoration} />
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
};

const ProjectCards = () => {
  const { data } = useListContext<AdminProject>();
  return (
    <Stack spacing={1.5} sx={{ px: 2 }}>
      {data?.map((project) => (
        <ProjectCard key={project.id} project={project} />
      ))}
    </Stack>
  );
};

/** GET admin/projects?filter={"userId":…}, newest first (read only: customers change their own projects). */
export const CustomerProjects = () => (
  <ReferenceManyField<AdminUser, AdminProject>
    reference="projects"
    target="userId"
    sort={{ field: 'createdAt', order: 'DESC' }}
    perPage={5}
    pagination={<Pagination rowsPerPageOptions={[5, 10, 25]} />}
    empty={<Nothing message="console.customers.noProjects" />}
  >
    <ProjectCards />
  </ReferenceManyField>
);
