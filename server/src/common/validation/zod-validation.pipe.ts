import { PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { AppError } from '../errors/app-error.js';

// Schema-level messages win; this only replaces zod's English defaults.
function japaneseFallbackMessage(issue: z.core.$ZodRawIssue): string {
  if (issue.code === 'invalid_type') return issue.input === undefined ? '入力してください' : '形式が正しくありません';
  if (issue.code === 'too_big') return '長すぎます';
  if (issue.code === 'too_small') return '短すぎます';
  return '値が正しくありません';
}

/** Parses a body or query with a contract schema; the first problem becomes a 400 naming its field. */
export class ZodValidationPipe<T extends z.ZodType> implements PipeTransform<unknown, z.infer<T>> {
  constructor(
    private readonly schema: T,
    private readonly fallbackField = 'body',
  ) {}

  transform(value: unknown): z.infer<T> {
    const parsed = this.schema.safeParse(value ?? {}, { error: japaneseFallbackMessage });
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0]!;
    // A bad item of a list is reported as the list (`program`, not `program.0`): that is the parameter the caller sent.
    const path = [...issue.path];
    while (path.length > 1 && typeof path.at(-1) === 'number') path.pop();
    const field = path.length > 0 ? path.join('.') : this.fallbackField;
    const message = issue.message;
    const unknownKey = issue.code === 'unrecognized_keys' ? issue.keys[0] : undefined;
    if (unknownKey) return this.fail(unknownKey, `${unknownKey} は指定できない項目です`);
    return this.fail(field, `${field}: ${message}`);
  }

  private fail(field: string, message: string): never {
    throw new AppError('VALIDATION_FAILED', message, field);
  }
}
