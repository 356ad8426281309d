import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../infra/config/config';
import { AdminProjectsController } from './admin-projects.controller';
import { AdminProjectsRepository } from './admin-projects.repository';
import { HumanPersonDetector } from './human.person-detector';
import { MediaController } from './media.controller';
import { MediaUrls } from './media-urls.service';
import { NoPersonDetector, PersonDetector } from './person-detector.port';
import { ProjectImages } from './project-images.service';
import { ProjectsController } from './projects.controller';
import { ProjectsService } from './projects.service';

/** Projects, their uploaded photos (checked, cleaned, person-free) and signed media links. */
@Module({
  controllers: [ProjectsController, MediaController, AdminProjectsController],
  providers: [
    AdminProjectsRepository,
    ProjectsService,
    ProjectImages,
    MediaUrls,
    {
      provide: PersonDetector,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): PersonDetector =>
        config.PERSON_DETECTOR === 'off' ? new NoPersonDetector() : new HumanPersonDetector(),
    },
  ],
  exports: [ProjectsService, ProjectImages, MediaUrls, PersonDetector],
})
export class ProjectsModule {}
