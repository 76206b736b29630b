import { type ArgumentMetadata, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import type { Route } from '../../contracts/routes/define-route.js';
import { AppError } from '../errors/app-error.js';

// Schema-level messages win; this only replaces zod's English defaults.
function japaneseFallbackMessage(issue: z.core.$ZodRawIssue): string {
  if (issue.code === 'invalid_type') return issue.input === undefined ? '入力してください' : '形式が正しくありません';
  if (issue.code === 'too_big') return '長すぎます';
  if (issue.code === 'too_small') return '短すぎます';
  return '値が正しくありません';
}

/** Parses a body, query or path parameter with its schema; the first problem becomes a 400 naming its field. */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown, fallbackField: string): z.infer<T> {
  const parsed = schema.safeParse(value ?? {}, { error: japaneseFallbackMessage });
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  // A bad item of a list is reported as the list (`program`, not `program.0`): that is the parameter the caller sent.
  const path = [...issue.path];
  while (path.length > 1 && typeof path.at(-1) === 'number') path.pop();
  const field = path.length > 0 ? path.join('.') : fallbackField;
  const unknownKey = issue.code === 'unrecognized_keys' ? issue.keys[0] : undefined;
  if (unknownKey) throw new AppError('VALIDATION_FAILED', `${unknownKey} は指定できない項目です`, unknownKey);
  throw new AppError('VALIDATION_FAILED', `${field}: ${issue.message}`, field);
}

/**
 * Checks a handler's `@Body()`, `@Query()` and checked `@Param(name)` against its route's schemas
 * (bound by `@Endpoint`), so no controller restates a schema. Other parameters pass untouched.
 */
export class RouteInputPipe implements PipeTransform {
  constructor(private readonly route: Route) {}

  async transform(value: unknown, { type, data }: ArgumentMetadata): Promise<unknown> {
    const schemas = await this.route.schemas?.();
    if (type === 'body' && data === undefined && schemas?.body) return parseInput(schemas.body, value, 'body');
    if (type === 'query' && data === undefined && schemas?.query) return parseInput(schemas.query, value, 'query');
    const param = type === 'param' && data !== undefined ? schemas?.params?.shape[data] : undefined;
    if (param) return parseInput(param as z.ZodType, value, data!);
    return value;
  }
}
