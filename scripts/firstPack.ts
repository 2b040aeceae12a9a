/**
 * Build step: the default page's first packing (src/state/pack/firstPack.ts), made by the engine
 * the page runs — the inline runner on the prepared default dataset as the page decodes it, the
 * default parameters — so that the first page shows its numbers before its workers have realized
 * the pool. The page packs the same parameters itself afterwards and keeps its own.
 */
import { DEFAULT_PRESET_ID, presetById } from '../src/engine/index.ts';
import { decodePrepared } from '../src/ingest/prepared.ts';
import { createInlineRunner } from '../src/runtime/inlineRunner.ts';
import { DEFAULT_PARAMS, packKey, packParams } from '../src/state/common/store/params.ts';
import { encodeFirstPack, FIRST_PACK_FILE } from '../src/state/pack/firstPack.ts';

/** The first packing of the default parameters on the prepared default dataset's bytes. */
export async function prepareFirstPack(
  prepared: Uint8Array,
): Promise<{ fileName: string; text: string }> {
  const preset = presetById(DEFAULT_PRESET_ID)!;
  const p = DEFAULT_PARAMS;
  if (p.dataset !== preset.id || p.scale !== preset.scale || p.realization !== 'independent')
    throw new Error('the default parameters are not the default preset at its scale');
  const bytes = prepared.buffer.slice(
    prepared.byteOffset,
    prepared.byteOffset + prepared.byteLength,
  );
  const loaded = decodePrepared(bytes, FIRST_PACK_FILE);
  if (loaded.kind !== 'samples') throw new Error('the prepared default dataset holds no samples');
  const runner = createInlineRunner();
  const pool = await runner.createPool(loaded.samples, p.realizations, p.seed);
  const response = await runner.pack(pool, {
    tasks: p.tasks,
    instance: p.instance,
    seed: p.seed,
    params: packParams(p),
  });
  runner.releasePool(pool);
  return { fileName: FIRST_PACK_FILE, text: encodeFirstPack({ key: packKey(p), response }) };
}
