import { composeListing } from './composer/compose';
import { DescriptionWriter, type DescriptionRequest } from './description-writer.port';

/**
 * The embedded writer (no network, no keys): the listing composer in es, ca and en. Every fact is
 * stated once and nothing is invented; the seed picks the layout and the wordings, and consecutive
 * seeds (one regeneration after another) always take another layout.
 */
export class BuiltInDescriptionWriter extends DescriptionWriter {
  write(request: DescriptionRequest): Promise<string> {
    return Promise.resolve(composeListing(request.facts, request.seed).text);
  }
}
