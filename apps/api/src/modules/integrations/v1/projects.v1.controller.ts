import { Body, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  createProjectRequestSchema,
  ErrorCode,
  projectDetailSchema,
  projectListQuerySchema,
  projectListResponseSchema,
  projectSummarySchema,
  type CreateProjectRequest,
  type ProjectDetail,
  type ProjectListResponse,
  type ProjectSummary,
} from '@estancia/contracts';
import { validate } from '../../../infra/http/zod.pipe';
import { DecorationsService } from '../../decorations/decorations.service';
import { CurrentUser } from '../../identity/current-user.decorator';
import type { AuthUser } from '../../identity/session.service';
import { ProjectsService } from '../../projects/projects.service';
import { Idempotent } from '../idempotency';
import { IntegratorApi } from '../integrator-api';
import { ApiDoc } from '../openapi/api-doc';

/** `/api/v1/projects`: the app's projects (same service, same rules) for the key's owner. */
@IntegratorApi('projects')
export class ProjectsV1Controller {
  constructor(
    private readonly projects: ProjectsService,
    private readonly decorations: DecorationsService,
  ) {}

  @Post()
  @Idempotent()
  @ApiDoc({
    tag: 'Projects',
    operationId: 'createProject',
    summary: 'Create a project',
    description: 'A project is one property: its photos, their decorations and its descriptions.',
    body: createProjectRequestSchema,
    status: 201,
    response: projectSummarySchema,
    errors: [ErrorCode.PROJECT_EXISTS],
  })
  create(
    @Body(validate(createProjectRequestSchema)) body: Required<CreateProjectRequest>,
    @CurrentUser() auth: AuthUser,
  ): Promise<ProjectSummary> {
    return this.projects.create(auth.userId, body.propertyName);
  }

  @Get()
  @ApiDoc({
    tag: 'Projects',
    operationId: 'listProjects',
    summary: 'List projects',
    description: 'Newest first, a page at a time; `search` matches the property name.',
    query: projectListQuerySchema,
    response: projectListResponseSchema,
  })
  list(
    @Query(validate(projectListQuerySchema)) query: { search: string; page: number },
    @CurrentUser() auth: AuthUser,
  ): Promise<ProjectListResponse> {
    return this.projects.list(auth.userId, query.search, query.page);
  }

  @Get(':id')
  @ApiDoc({
    tag: 'Projects',
    operationId: 'getProject',
    summary: 'Read a project',
    description:
      'The project with its photos and decorations (state, progress, result links). Links are signed, expire after an hour and are relative to the API origin.',
    response: projectDetailSchema,
    errors: [ErrorCode.NOT_FOUND],
  })
  detail(@Param('id') id: string, @CurrentUser() auth: AuthUser): Promise<ProjectDetail> {
    return this.decorations.detail(auth.userId, id);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiDoc({
    tag: 'Projects',
    operationId: 'deleteProject',
    summary: 'Delete a project',
    description: 'Deletes the project with its photos, decorations and descriptions.',
    status: 204,
    errors: [ErrorCode.NOT_FOUND],
  })
  remove(@Param('id') id: string, @CurrentUser() auth: AuthUser): Promise<void> {
    return this.projects.remove(auth.userId, id);
  }
}
