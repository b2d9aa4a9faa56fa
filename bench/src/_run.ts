const m = await import('/work/main/bench/src/host.bench.ts');
await m.benchHost(0.3);
