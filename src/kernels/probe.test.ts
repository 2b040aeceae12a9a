import { describe, expect, it } from 'vitest';
import { kernelAvailable } from './module.ts';
import { kernelSupported, probeModule } from './probe.ts';

describe('the kernel probe', () => {
  it('agrees with compiling the real kernels, for both kinds of memory', () => {
    for (const shared of [true, false])
      expect(kernelSupported(shared)).toBe(kernelAvailable(shared));
  });

  it('is a module using SIMD (and, for the shared kind, importing a shared memory)', () => {
    const shared = new WebAssembly.Module(probeModule(true));
    expect(WebAssembly.Module.imports(shared)).toEqual([
      { module: 'e', name: 'm', kind: 'memory' },
    ]);
    expect(WebAssembly.Module.imports(new WebAssembly.Module(probeModule(false)))).toEqual([]);
    const withoutSimd = probeModule(false);
    withoutSimd[withoutSimd.indexOf(0xfd) + 1] = 0xff;
    expect(WebAssembly.validate(withoutSimd)).toBe(false);
  });
});
