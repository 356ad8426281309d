/**
 * How a staging request becomes the `input` of each Replicate model, and where that model puts the image
 * in its prediction's `output`. Kept as data: adding a model is adding a row, and the adapter
 * (replicate-staging.engine.ts) never branches on a model's name.
 *
 * Every model on Replicate declares its own input schema (the "API" tab of its page); the keys below are
 * copied from those schemas and the sources are named per row. Files go in as data URIs, which Replicate
 * accepts for any file input. We read outputs from the prediction object (predictions API), where they
 * are plain JSON: a URL string or an array of URL strings. The SDK's `FileOutput` only wraps the result
 * of `replicate.run()`, which this adapter does not use because its polling cannot be aborted.
 */
import type { StagingRequest } from './staging-engine.port';

export interface ReplicateModelInput {
  /**
   * The version run when the model is named without one. Community models only run by version; official
   * models run without one (POST /models/<owner>/<name>/predictions) and leave this out.
   */
  version?: string;
  /** Input that takes the photo, as a data URI. */
  image: string;
  /** Input that takes the staging prompt. */
  prompt: string;
  /** Input that takes the request's seed; absent for models without one. */
  seed?: string;
  /**
   * Input that takes the mask (white where the model may paint) as a data URI. A `required` mask is
   * sent all white when the caller gives none, which is the port's "may paint anywhere".
   */
  mask?: { key: string; required: boolean };
  /** Input that takes what the render must avoid, with the text we send. */
  negativePrompt?: { key: string; text: string };
  /** Inputs sent unchanged on every render: step counts, strengths, output format. */
  fixed?: Readonly<Record<string, string | number | boolean>>;
  /**
   * Where the image is in `output`, as the model's output schema declares it: the URL itself, or the
   * first / last URL of an array. The reader also takes the other shape, since versions change it.
   */
  output: 'url' | 'first-url' | 'last-url';
}

/** What structure-preserving staging models should keep out of the picture. */
const STAGING_NEGATIVE_PROMPT =
  'lowres, watermark, banner, logo, text, deformed, blurry, out of focus, surreal, people, ' +
  'distorted walls, extra windows, extra doors, changed layout, floating furniture';

/** Known models, keyed by `owner/name` (any version) or `owner/name:version` (that version only). */
export const REPLICATE_MODELS: Readonly<Record<string, ReplicateModelInput>> = {
  // Interior redesign: Realistic Vision inpainting guided by room-segmentation and MLSD ControlNets.
  // Keys, defaults and `-> Path` output from neuralwork/sd-interior-design predict.py, the source of
  // replicate.com/adirik/interior-design (a community model: it runs by version).
  'adirik/interior-design': {
    version: '76604baddc85b1b4616e1c6475eca080da339c8875bd4996705440484a6eac38',
    image: 'image',
    prompt: 'prompt',
    seed: 'seed',
    negativePrompt: { key: 'negative_prompt', text: STAGING_NEGATIVE_PROMPT },
    fixed: { num_inference_steps: 50, guidance_scale: 15, prompt_strength: 0.8 },
    output: 'url',
  },
  // Instruction editing ("stage this photo as..."), an official model: it runs without a version.
  // Keys from replicate.com/black-forest-labs/flux-kontext-pro/api: input_image, prompt, seed,
  // aspect_ratio (match_input_image), output_format (jpg | png), safety_tolerance (2 is the highest
  // allowed with an input image); output is one URI.
  'black-forest-labs/flux-kontext-pro': {
    image: 'input_image',
    prompt: 'prompt',
    seed: 'seed',
    fixed: { aspect_ratio: 'match_input_image', output_format: 'jpg', safety_tolerance: 2 },
    output: 'url',
  },
  // Generic inpainting. Keys from replicate.com/stability-ai/stable-diffusion-inpainting/api (image, mask
  // "white pixels are inpainted", prompt, negative_prompt, num_outputs, num_inference_steps,
  // guidance_scale, seed); output is an array of URIs. A community model: pinned to its latest version.
  'stability-ai/stable-diffusion-inpainting': {
    version: '95b7223104132402a9ae91cc677285bc5eb997834bd2349fa486f53910fd68b3',
    image: 'image',
    prompt: 'prompt',
    seed: 'seed',
    mask: { key: 'mask', required: true },
    negativePrompt: { key: 'negative_prompt', text: STAGING_NEGATIVE_PROMPT },
    fixed: { num_outputs: 1, num_inference_steps: 50, guidance_scale: 7.5 },
    output: 'first-url',
  },
};

/**
 * Models not in the table get the keys most image-to-image models on Replicate share (image, prompt,
 * seed, mask when the caller gives one); of an array output the last URL, since ControlNet models list
 * their control map before the result.
 */
export const DEFAULT_REPLICATE_MODEL_INPUT: ReplicateModelInput = {
  image: 'image',
  prompt: 'prompt',
  seed: 'seed',
  mask: { key: 'mask', required: false },
  output: 'last-url',
};

export interface ReplicateModelRef {
  owner: string;
  name: string;
  version?: string;
}

/** `owner/name` or `owner/name:version`, the SDK's own identifier format; undefined when it is neither. */
export function parseReplicateModel(model: string): ReplicateModelRef | undefined {
  const match = /^([^/\s]+)\/([^/:\s]+)(?::([^\s]+))?$/.exec(model.trim());
  if (!match) return undefined;
  const [, owner, name, version] = match;
  return version ? { owner: owner!, name: name!, version } : { owner: owner!, name: name! };
}

/** The row for a model: its exact version first, then any version of it, else the default mapping. */
export function replicateModelInput(model: string): ReplicateModelInput {
  const ref = parseReplicateModel(model);
  if (!ref) return DEFAULT_REPLICATE_MODEL_INPUT;
  const exact = ref.version ? REPLICATE_MODELS[`${ref.owner}/${ref.name}:${ref.version}`] : undefined;
  return exact ?? REPLICATE_MODELS[`${ref.owner}/${ref.name}`] ?? DEFAULT_REPLICATE_MODEL_INPUT;
}

/** The files of a render, already encoded as data URIs. */
export interface ReplicateInputFiles {
  image: string;
  mask?: string;
}

/** The prediction's `input` for a request, following the model's row. */
export function buildReplicateInput(
  spec: ReplicateModelInput,
  request: Pick<StagingRequest, 'prompt' | 'seed'>,
  files: ReplicateInputFiles,
): Record<string, string | number | boolean> {
  const input: Record<string, string | number | boolean> = { ...spec.fixed };
  input[spec.image] = files.image;
  input[spec.prompt] = request.prompt;
  if (spec.seed) input[spec.seed] = request.seed;
  if (spec.mask && files.mask) input[spec.mask.key] = files.mask;
  if (spec.negativePrompt) input[spec.negativePrompt.key] = spec.negativePrompt.text;
  return input;
}

/** The image's URL (https or data:) in a prediction's output, or undefined when there is none. */
export function replicateOutputUrl(spec: ReplicateModelInput, output: unknown): string | undefined {
  const urls = (Array.isArray(output) ? output : [output]).filter(
    (value): value is string => typeof value === 'string' && value.length > 0,
  );
  return spec.output === 'last-url' ? urls.at(-1) : urls[0];
}
