import { Body, Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import {
  loginRequestSchema,
  oauthRequestSchema,
  registerRequestSchema,
  resendCodeRequestSchema,
  resetPasswordRequestSchema,
  updatePasswordRequestSchema,
  updateProfileRequestSchema,
  validationRequestSchema,
  type RegisterResponse,
  type SessionResponse,
  type StatusResponse,
  type UpdateProfileResponse,
} from '@estancia/contracts';
import type { Request } from 'express';
import type { z } from 'zod';
import { Public } from '../../infra/http/access';
import { validate } from '../../infra/http/zod.pipe';
import { CurrentUser, OptionalUser } from './current-user.decorator';
import { IdentityService } from './identity.service';
import { PasswordResets } from './password-resets.service';
import { bearerToken, clientIp } from './request-context';
import type { AuthUser } from './session.service';

/** The account calls of spec section 7, under /data/user. */
@Controller('user')
export class UserController {
  constructor(
    private readonly identity: IdentityService,
    private readonly passwordResets: PasswordResets,
  ) {}

  @Public()
  @Post('register')
  register(
    @Body(validate(registerRequestSchema)) body: z.output<typeof registerRequestSchema>,
    @Req() req: Request,
  ): Promise<RegisterResponse> {
    return this.identity.register(body, clientIp(req));
  }

  @Public()
  @Post('validation')
  @HttpCode(200)
  validation(
    @Body(validate(validationRequestSchema)) body: z.output<typeof validationRequestSchema>,
    @Req() req: Request,
  ): Promise<StatusResponse> {
    return this.identity.verify(body, clientIp(req));
  }

  @Public()
  @Post('validation/resend')
  @HttpCode(200)
  resend(
    @Body(validate(resendCodeRequestSchema)) body: z.output<typeof resendCodeRequestSchema>,
    @Req() req: Request,
  ): Promise<StatusResponse> {
    return this.identity.resendCode(body.email, clientIp(req));
  }

  @Public()
  @Post('login')
  @HttpCode(200)
  login(
    @Body(validate(loginRequestSchema)) body: z.output<typeof loginRequestSchema>,
    @Req() req: Request,
  ): Promise<SessionResponse> {
    return this.identity.login(body, clientIp(req));
  }

  @Public()
  @Post('oauthauthenticate')
  @HttpCode(200)
  oauth(
    @Body(validate(oauthRequestSchema)) body: z.output<typeof oauthRequestSchema>,
    @Req() req: Request,
  ): Promise<SessionResponse> {
    return this.identity.googleSignIn(body, clientIp(req));
  }

  @Post('profile')
  @HttpCode(200)
  profile(@CurrentUser() auth: AuthUser, @Req() req: Request): Promise<SessionResponse> {
    return this.identity.profile(auth, bearerToken(req) ?? '');
  }

  @Public()
  @Get('forgotPassword/:email')
  forgotPassword(@Param('email') email: string, @Req() req: Request): Promise<StatusResponse> {
    return this.passwordResets.request(email, clientIp(req));
  }

  @Public()
  @Post('changePassword')
  @HttpCode(200)
  changePassword(
    @Body(validate(resetPasswordRequestSchema)) body: z.output<typeof resetPasswordRequestSchema>,
    @Req() req: Request,
  ): Promise<StatusResponse> {
    return this.identity.resetPassword(body, clientIp(req));
  }

  @Public()
  @Get('userLanguage/:language')
  userLanguage(
    @OptionalUser() auth: AuthUser | undefined,
    @Param('language') language: string,
  ): Promise<StatusResponse> {
    return this.identity.setLanguage(auth, language);
  }

  @Post('updateProfile')
  @HttpCode(200)
  updateProfile(
    @CurrentUser() auth: AuthUser,
    @Body(validate(updateProfileRequestSchema)) body: z.output<typeof updateProfileRequestSchema>,
  ): Promise<UpdateProfileResponse> {
    return this.identity.updateProfile(auth, body);
  }

  @Post('updatePassword')
  @HttpCode(200)
  updatePassword(
    @CurrentUser() auth: AuthUser,
    @Body(validate(updatePasswordRequestSchema)) body: z.output<typeof updatePasswordRequestSchema>,
    @Req() req: Request,
  ): Promise<SessionResponse> {
    return this.identity.updatePassword(auth, body, clientIp(req));
  }

  @Post('logout')
  @HttpCode(200)
  logout(@CurrentUser() auth: AuthUser): Promise<StatusResponse> {
    return this.identity.logout(auth);
  }
}
