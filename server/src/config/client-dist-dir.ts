import path from 'node:path';
import type { AppConfig } from './config.js';

/** The built client's folder: the static files the API serves (and the badge artwork the credentials bake into). */
export function clientDistDir(config: Pick<AppConfig, 'clientDistDir'>): string {
  return config.clientDistDir ?? path.resolve(__dirname, '..', '..', '..', 'client', 'dist');
}
