import { applyDecorators, Controller, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { JwtAuthGuard, StaffGuard } from '../../auth/guards.js';

/** The security scheme name the OpenAPI document uses for `Authorization: JWT <access>`. */
export const JWT_SCHEME = 'JWT';

/** Staff only: 401 for a visitor, 403 `{"message": "You don't have permission for this Action"}` for a viewer. */
export function StaffOnly(): MethodDecorator & ClassDecorator {
  return applyDecorators(
    UseGuards(JwtAuthGuard, StaffGuard),
    ApiBearerAuth(JWT_SCHEME),
    ApiUnauthorizedResponse({ description: 'No valid access token' }),
    ApiForbiddenResponse({
      description: 'Signed in but not staff: {"message": "You don\'t have permission for this Action"}',
    }),
  );
}

/**
 * Every admin controller: routes under the global /cuviewTV/ prefix, tagged `admin` in the
 * OpenAPI document, and staff only unless `publicRoutes` is set (the two form lookups the
 * spec calls without a token).
 */
export function AdminController(options: { publicRoutes?: boolean } = {}): ClassDecorator {
  const decorators: ClassDecorator[] = [Controller(), ApiTags('admin')];
  if (!options.publicRoutes) decorators.push(StaffOnly());
  return applyDecorators(...decorators);
}
