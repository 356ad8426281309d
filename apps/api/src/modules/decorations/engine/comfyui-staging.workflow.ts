/**
 * The staging graph shipped in docker/comfyui/staging-workflow.json, compiled in so the api image (which holds
 * only apps/api/dist) always has it; the ComfyUI int-spec fails when the two copies differ.
 */

/** One node of a ComfyUI workflow in the API format; an input holding [nodeId, outputIndex] is a link. */
export interface ComfyUiNode {
  class_type: string;
  inputs: Record<string, unknown>;
  _meta?: { title?: string };
}

/** A ComfyUI workflow in the API format: node id → node. */
export type ComfyUiWorkflow = Record<string, ComfyUiNode>;

export const SHIPPED_STAGING_WORKFLOW: ComfyUiWorkflow = {
  '1': {
    class_type: 'CheckpointLoaderSimple',
    inputs: {
      ckpt_name: 'sd_xl_base_1.0.safetensors',
    },
    _meta: {
      title: 'Estancia checkpoint',
    },
  },
  '2': {
    class_type: 'LoadImage',
    inputs: {
      image: 'estancia-photo.jpg',
    },
    _meta: {
      title: 'Estancia photo',
    },
  },
  '3': {
    class_type: 'ImageScaleToTotalPixels',
    inputs: {
      image: ['2', 0],
      upscale_method: 'lanczos',
      megapixels: 1,
      resolution_steps: 8,
    },
    _meta: {
      title: 'Photo at one megapixel',
    },
  },
  '4': {
    class_type: 'LoadImageMask',
    inputs: {
      image: 'estancia-mask.png',
      channel: 'red',
    },
    _meta: {
      title: 'Estancia mask',
    },
  },
  '5': {
    class_type: 'CLIPTextEncode',
    inputs: {
      text: 'Virtually stage this photo as a living room with a sofa, a coffee table, an armchair, a rug and a plant, in Scandinavian style: light oak, white walls, soft greys, cosy textiles. Keep the walls, windows, doors, floor, ceiling and camera viewpoint exactly as they are; add furniture at a realistic scale standing on the floor, with natural shadows and lighting. Photorealistic real-estate photograph, no people, no text.',
      clip: ['1', 1],
    },
    _meta: {
      title: 'Estancia prompt',
    },
  },
  '6': {
    class_type: 'CLIPTextEncode',
    inputs: {
      text: 'people, text, watermark, logo, blurry, low quality, cartoon, illustration, distorted perspective, warped walls, changed windows, floating furniture, deformed furniture',
      clip: ['1', 1],
    },
    _meta: {
      title: 'Estancia negative',
    },
  },
  '7': {
    class_type: 'Canny',
    inputs: {
      image: ['3', 0],
      low_threshold: 0.2,
      high_threshold: 0.5,
    },
    _meta: {
      title: 'Room lines',
    },
  },
  '8': {
    class_type: 'ControlNetLoader',
    inputs: {
      control_net_name: 'control-lora-canny-rank256.safetensors',
    },
    _meta: {
      title: 'Room lines ControlNet',
    },
  },
  '9': {
    class_type: 'ControlNetApplyAdvanced',
    inputs: {
      positive: ['5', 0],
      negative: ['6', 0],
      control_net: ['8', 0],
      image: ['7', 0],
      strength: 0.5,
      start_percent: 0,
      end_percent: 0.6,
    },
    _meta: {
      title: "Keep the room's lines",
    },
  },
  '10': {
    class_type: 'InpaintModelConditioning',
    inputs: {
      positive: ['9', 0],
      negative: ['9', 1],
      vae: ['1', 2],
      pixels: ['3', 0],
      mask: ['4', 0],
      noise_mask: true,
    },
    _meta: {
      title: 'Paint only inside the mask',
    },
  },
  '11': {
    class_type: 'KSampler',
    inputs: {
      model: ['1', 0],
      seed: 1,
      steps: 30,
      cfg: 6.5,
      sampler_name: 'dpmpp_2m',
      scheduler: 'karras',
      positive: ['10', 0],
      negative: ['10', 1],
      latent_image: ['10', 2],
      denoise: 1,
    },
    _meta: {
      title: 'Estancia seed',
    },
  },
  '12': {
    class_type: 'VAEDecode',
    inputs: {
      samples: ['11', 0],
      vae: ['1', 2],
    },
    _meta: {
      title: 'Decode',
    },
  },
  '13': {
    class_type: 'SaveImage',
    inputs: {
      images: ['12', 0],
      filename_prefix: 'estancia/staging',
    },
    _meta: {
      title: 'Estancia result',
    },
  },
};
