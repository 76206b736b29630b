import { z } from 'zod';
import { ZodValidationPipe } from './zod-validation.pipe';

const pipe = new ZodValidationPipe(
  z.object({ name: z.string().min(1, '入力してください'), address: z.object({ zip: z.string() }) }).strict(),
);

describe('ZodValidationPipe', () => {
  it('returns the parsed value', () => {
    expect(pipe.transform({ name: 'a', address: { zip: '1' } })).toEqual({ name: 'a', address: { zip: '1' } });
  });

  it.each([
    [{ address: { zip: '1' } }, 'name', '入力してください'],
    [{ name: '', address: { zip: '1' } }, 'name', '入力してください'],
    [{ name: 'a', address: { zip: 1 } }, 'address.zip', '形式が正しくありません'],
    [{ name: 'a', address: { zip: '1' }, admin: true }, 'admin', '指定できない'],
  ])('names the field of %j', (input, field, message) => {
    expect(() => pipe.transform(input)).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED', field, status: 400 }));
    expect(() => pipe.transform(input)).toThrow(expect.objectContaining({ message: expect.stringContaining(message) }));
  });

  it('names a list parameter rather than the index of its bad item', () => {
    const listPipe = new ZodValidationPipe(z.object({ level: z.array(z.enum(['A', 'B'])), rows: z.array(z.object({ n: z.number() })) }));
    expect(() => listPipe.transform({ level: ['A', 'C'], rows: [] })).toThrow(expect.objectContaining({ field: 'level' }));
    expect(() => listPipe.transform({ level: ['A'], rows: [{ n: 'x' }] })).toThrow(expect.objectContaining({ field: 'rows.0.n' }));
  });

  it('treats a missing body as an empty object, so required fields are named', () => {
    expect(() => pipe.transform(undefined)).toThrow(expect.objectContaining({ field: 'name' }));
  });
});
