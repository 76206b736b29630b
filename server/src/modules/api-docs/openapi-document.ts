import { z } from 'zod';
import { API_ROUTES, type ApiRoute } from '../../contracts/api-routes.js';
import type { RouteSchemas } from '../../contracts/routes/define-route.js';
import { ERROR_CODES, type ErrorCode, errorEnvelopeSchema } from '../../contracts/errors.js';

type JsonSchema = Record<string, unknown>;

/** Converts contract schemas; named ones (`.meta({ id })`) become shared components referenced by $ref. */
class SchemaComponents {
  readonly schemas: Record<string, JsonSchema> = {};

  convert(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    const converted = z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any' });
    // zod points named schemas at #/definitions; OpenAPI keeps them under #/components/schemas.
    const relocated = JSON.parse(
      JSON.stringify(converted).replaceAll('"#/definitions/', '"#/components/schemas/'),
    ) as JsonSchema & { definitions?: Record<string, JsonSchema> };
    const { definitions, ...root } = relocated;
    Object.assign(this.schemas, definitions);
    return root;
  }
}

const ACCESS_NOTE: Record<ApiRoute['access'], string> = {
  public: '',
  login: 'ログインが必要。',
  agreed: 'ログインと規約への同意が必要。',
  admin: '管理者のみ。',
};

function operation(route: ApiRoute, schemas: RouteSchemas, components: SchemaComponents) {
  const errors: ErrorCode[] = [...(route.errors ?? []), ...(route.rateLimit ? (['TOO_MANY_REQUESTS'] as const) : [])];
  const statuses = new Set(errors.map((code) => ERROR_CODES[code]));
  const responses: Record<string, unknown> = route.file
    ? { 200: { description: 'OK', content: { [route.file]: { schema: { type: 'string', format: 'binary' } } } } }
    : route.noContent
      ? { 204: { description: 'No Content' } }
      : {
        [route.navigation ? '302' : route.created ? '201' : '200']: schemas.response
          ? { description: 'OK', content: { 'application/json': { schema: components.convert(schemas.response, 'output') } } }
          : { description: route.navigation ? 'Redirect' : 'OK' },
      };
  for (const status of statuses) {
    responses[String(status)] = {
      description: errors.filter((code) => ERROR_CODES[code] === status).join(', '),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
    };
  }
  const queryProperties = schemas.query ? Object.entries(schemas.query.shape) : [];
  return {
    summary: route.summary,
    description: [
      ACCESS_NOTE[route.access],
      route.navigation ? 'ブラウザーの画面遷移で呼ぶ。' : 'X-Requested-With: XMLHttpRequest が必要（変更系）。',
      route.rateLimit ? `回数制限（${route.rateLimit}）を超えると 429 と Retry-After。` : '',
    ]
      .filter(Boolean)
      .join(' '),
    tags: [route.tag],
    parameters: queryProperties.map(([name, schema]) => ({
      name,
      in: 'query',
      required: !(schema as z.ZodType).safeParse(undefined).success,
      schema: components.convert(schema as z.ZodType, 'input'),
    })),
    ...(schemas.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: components.convert(schemas.body, 'input') } } } }
      : {}),
    responses,
  };
}

/** The OpenAPI 3 document, generated from the declared routes and their zod schemas. */
export async function buildOpenApiDocument(siteName: string) {
  const components = new SchemaComponents();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of API_ROUTES) {
    paths[route.path] ??= {};
    paths[route.path]![route.method.toLowerCase()] = operation(route, (await route.schemas?.()) ?? {}, components);
  }
  components.convert(errorEnvelopeSchema, 'output');
  return {
    openapi: '3.0.3',
    info: { title: `${siteName} API`, version: '1' },
    paths,
    components: { schemas: components.schemas },
  };
}
