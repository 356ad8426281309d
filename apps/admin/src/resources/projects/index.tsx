import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import { type AdminProject } from '@estancia/contracts';

/**
 * A customer's projects with their decorations' thumbnails (read only), shown on the customer's page
 * (users/CustomerProjects); declared so references to it resolve, without a page of its own.
 */
export default {
  icon: PhotoLibraryIcon,
  recordRepresentation: (project: AdminProject) => project.propertyName,
};
