// Makes sure Prometheus and promtool exist for the tests that read a real server: Debian's package,
// installed when missing. The tests start the binary themselves on 127.0.0.1 with a scratch
// storage path; the package's own service is never used (stopped and disabled if it started).
// Honours PROMETHEUS_PATH and PROMTOOL_PATH.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const prometheus = process.env.PROMETHEUS_PATH ?? '/usr/bin/prometheus';
const promtool = process.env.PROMTOOL_PATH ?? '/usr/bin/promtool';
if (existsSync(prometheus) && existsSync(promtool)) process.exit(0);
console.log(
  `No Prometheus at ${prometheus}: installing Debian's prometheus (apt-get) for the tests…`,
);
const sudo = process.getuid && process.getuid() === 0 ? '' : 'sudo ';
try {
  execSync(
    `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq prometheus`,
    { stdio: 'inherit' },
  );
} catch {
  console.error(
    'Could not install prometheus. Install it yourself (apt-get install prometheus) or set PROMETHEUS_PATH and PROMTOOL_PATH.',
  );
  process.exit(1);
}
// The tests run their own server: the packaged service must not hold port 9090 or the data.
try {
  execSync(`${sudo}sh -c 'systemctl stop prometheus; systemctl disable prometheus' 2>/dev/null`, {
    stdio: 'ignore',
  });
} catch {
  // no systemd (containers): nothing was started
}
if (!existsSync(prometheus) || !existsSync(promtool)) {
  console.error(`prometheus was installed but ${prometheus} or ${promtool} does not exist.`);
  process.exit(1);
}
