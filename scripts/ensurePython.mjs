// Makes sure a Python 3 with Dask (dask.dataframe, dask.distributed) exists for `reduce --engine
// dask` and its tests: Debian's packages, installed when missing (the Python package registry is
// not reachable here; Debian's is). Honours PYTHON; otherwise python3 on the PATH or Debian's
// /usr/bin/python3 (where the Debian packages go, when the PATH's python3 is another one).
import { execSync } from 'node:child_process';

const candidates = process.env.PYTHON ? [process.env.PYTHON] : ['python3', '/usr/bin/python3'];
const found = () =>
  candidates.find((python) => {
    try {
      execSync(`${python} -c "import dask.dataframe, distributed, pandas, numpy"`, {
        stdio: 'ignore',
      });
      return true;
    } catch {
      return false;
    }
  });
if (found()) process.exit(0);
console.log("No Python with Dask: installing Debian's python3-dask python3-distributed (apt-get)…");
const sudo = process.getuid && process.getuid() === 0 ? '' : 'sudo ';
try {
  execSync(
    `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-dask python3-distributed python3-pandas python3-numpy`,
    { stdio: 'inherit' },
  );
} catch {
  console.error('Could not install Dask: apt-get install python3-dask python3-distributed');
  process.exit(1);
}
if (!found()) {
  console.error(`Dask was installed but none of ${candidates.join(', ')} imports it; set PYTHON.`);
  process.exit(1);
}
