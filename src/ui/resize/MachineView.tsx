/**
 * The teaching view: a canned scenario's events replayed on VISBP one frame at a time (or played),
 * each bin labelled with its type, T-item groups outlined, the event's moved items highlighted.
 */
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import {
  decimalOrNull,
  cannedScenarios,
  replayVisbp,
  type ReplayFrame,
} from '../../engine/index.ts';
import {
  BIN_TYPE_HELP,
  frameCaption,
  frameLayout,
  sizesAfter,
  type BinBox,
} from '../../present/resize/machineView.ts';
import type { ResizeParams } from '../../state/resize/params.ts';
import { downloadJson, downloadPng, downloadSvg } from '../exportFiles.ts';
import { figureSvg } from '../figureSvg.ts';
import { usePlaybackFrames, type Frame } from '../playback.ts';
import { formatFixed } from '../../present/format.ts';

const CLASS_FILL = { T: '#9ecae1', S: '#a1d99b', L: '#fdae6b', B: '#bcbddc' } as const;
const BIN_W = 64;
const GAP = 18;
const H = 200;
const TOP = 34;

function BinSvg({ bin, x }: { bin: BinBox; x: number }) {
  const y = (v: number) => TOP + H * (1 - v);
  return (
    <g data-testid="resize-bin" data-bin-type={bin.label}>
      <rect
        x={x}
        y={TOP}
        width={BIN_W}
        height={H}
        fill="#fafafa"
        stroke={bin.touched ? '#c0392b' : '#555'}
        strokeWidth={bin.touched ? 2 : 1}
      />
      {bin.items.map((it) => (
        <rect
          key={it.item}
          className="resize-item"
          x={x + 4}
          y={y(it.y1)}
          width={BIN_W - 8}
          height={Math.max(0.5, H * (it.y1 - it.y0))}
          fill={CLASS_FILL[it.cls]}
          stroke={it.moved ? '#c0392b' : '#fff'}
          strokeWidth={it.moved ? 2.5 : 1}
        >
          <title>{`item ${it.item}: ${it.cls}, size ${it.size}${it.moved ? ' (moved by this event)' : ''}`}</title>
        </rect>
      ))}
      {bin.items
        .filter((it) => it.y1 - it.y0 >= 0.07)
        .map((it) => (
          <text
            key={`t${it.item}`}
            x={x + BIN_W / 2}
            y={y((it.y0 + it.y1) / 2) + 4}
            textAnchor="middle"
            fontSize={10}
          >
            {`${it.cls}${it.item}`}
          </text>
        ))}
      {bin.groups.map((g, i) => (
        <rect
          key={`g${i}`}
          x={x + 1.5}
          y={y(g.y1)}
          width={BIN_W - 3}
          height={H * (g.y1 - g.y0)}
          fill="none"
          stroke="#08519c"
          strokeDasharray="4,2"
          strokeWidth={1.5}
        >
          <title>{`group of T-items ${g.items.join(', ')} (size ${formatFixed(g.size, 3)})`}</title>
        </rect>
      ))}
      <text
        x={x + BIN_W / 2}
        y={TOP - 8}
        textAnchor="middle"
        fontSize={12}
        fontWeight="bold"
        data-testid="resize-bin-label"
      >
        {bin.label}
      </text>
      <text x={x + BIN_W / 2} y={TOP + H + 14} textAnchor="middle" fontSize={10} fill="#555">
        {`#${bin.id} · ${formatFixed(bin.load, 2)}`}
      </text>
    </g>
  );
}

export function MachineView({
  r,
  set,
}: {
  r: ResizeParams;
  set: (patch: Partial<ResizeParams>, frame?: Frame) => void;
}) {
  const scenarios = useMemo(() => cannedScenarios(), []);
  const scenario = scenarios.find((s) => s.id === r.scenario) ?? scenarios[0];
  const frames = useMemo(() => replayVisbp(scenario.events), [scenario]);
  const index = Math.min(r.replayStep, frames.length - 1);
  const frame = frames[index];
  const bins = useMemo(
    () => frameLayout(frame, sizesAfter(scenario.events, index)),
    [frame, scenario, index],
  );
  const [playing, setPlaying] = useState(false);
  const svgRef = useRef<SVGSVGElement>(null);
  const figureRef = useRef<HTMLElement>(null);
  // The whole figure as on screen: the event's caption, the bins and the legend.
  const whole = () =>
    figureRef.current && svgRef.current
      ? figureSvg(figureRef.current, scenario.title, () => false)
      : null;
  const name = `slopack-visbp-${scenario.id}`;
  const running = playing && index < frames.length - 1;
  const frameOf = usePlaybackFrames(running);
  useEffect(() => {
    if (!running) return;
    const t = setTimeout(() => set({ replayStep: index + 1 }, frameOf()), 900);
    return () => clearTimeout(t);
  }, [running, index, set, frameOf]);
  return (
    <section className="resize-replay" aria-label="VISBP replay" data-testid="resize-replay">
      <h2>VISBP step by step</h2>
      <div className="view-actions">
        <label>
          Scenario{' '}
          <select
            value={scenario.id}
            data-testid="resize-scenario"
            onChange={(e) => set({ scenario: e.target.value, replayStep: 0 })}
          >
            {scenarios.map((s) => (
              <option key={s.id} value={s.id}>
                {s.title}
              </option>
            ))}
          </select>
        </label>
        <ReplayNav
          index={index}
          frames={frames}
          running={running}
          setPlaying={setPlaying}
          set={set}
        />
        <button
          type="button"
          data-testid="resize-replay-svg"
          aria-label="Export the replay's frame as SVG"
          onClick={() => {
            const svg = whole();
            if (svg) downloadSvg(svg, name, scenario.title);
          }}
        >
          SVG
        </button>
        <button
          type="button"
          data-testid="resize-replay-png"
          aria-label="Export the replay's frame as PNG"
          onClick={() => {
            const svg = whole();
            if (svg) void downloadPng(svg, name, scenario.title);
          }}
        >
          PNG
        </button>
        <button type="button" onClick={() => downloadJson(name, { scenario, frames })}>
          JSON
        </button>
      </div>
      {scenario.id !== r.scenario && (
        <p className="notice notice-warning" role="status">
          No scenario “{r.scenario}”: showing “{scenario.title}”.
        </p>
      )}
      <p className="lede">{scenario.description}</p>
      {scenario.vectors && (
        <p className="caption">
          Vectors before max-reduction:{' '}
          {scenario.vectors.map((v) => `(${v.join(', ')})`).join(', ')}; each becomes the
          one-dimensional item of its largest coordinate.
        </p>
      )}
      <figure ref={figureRef} className="resize-replay-figure" data-testid="resize-replay-figure">
        <p className="resize-frame-caption" data-testid="resize-frame-caption" aria-live="polite">
          {frameCaption(frame)}
        </p>
        <FrameSvg bins={bins} index={index} svgRef={svgRef} />
        <ReplayLegend />
      </figure>
    </section>
  );
}

function ReplayLegend() {
  return (
    <p className="caption">
      Items: <span className="swatch" style={{ background: CLASS_FILL.T }} /> T (≤ 1/3){' '}
      <span className="swatch" style={{ background: CLASS_FILL.S }} /> S (1/3, 1/2]{' '}
      <span className="swatch" style={{ background: CLASS_FILL.L }} /> L (1/2, 2/3]{' '}
      <span className="swatch" style={{ background: CLASS_FILL.B }} /> B (&gt; 2/3); dashed outlines
      are T-item groups (each moves as one); red marks what this event moved. Bin types:{' '}
      {BIN_TYPE_HELP.map(([t, h]) => `${t}: ${h}`).join('; ')}. <strong>remove</strong> is ours: the
      paper proves no movement bound for it.
    </p>
  );
}

function FrameSvg({
  bins,
  index,
  svgRef,
}: {
  bins: readonly BinBox[];
  index: number;
  svgRef: RefObject<SVGSVGElement | null>;
}) {
  const width = Math.max(360, bins.length * (BIN_W + GAP) + GAP + 40);
  const y = (v: number) => TOP + H * (1 - v);
  return (
    <div className="resize-svg-wrap">
      <svg
        ref={svgRef}
        width={width}
        height={TOP + H + 24}
        role="img"
        aria-label={`Bins after event ${index + 1}: ${bins.map((b) => b.label).join(', ')}`}
      >
        {[1 / 3, 1 / 2, 2 / 3, 1].map((v) => (
          <g key={v}>
            <line
              x1={GAP}
              x2={width - 30}
              y1={y(v)}
              y2={y(v)}
              stroke="#ccc"
              strokeDasharray="2,3"
            />
            <text x={width - 28} y={y(v) + 4} fontSize={10} fill="#777">
              {v === 1 ? '1' : v === 0.5 ? '1/2' : v < 0.4 ? '1/3' : '2/3'}
            </text>
          </g>
        ))}
        {bins.map((b, i) => (
          <BinSvg key={b.id} bin={b} x={GAP + i * (BIN_W + GAP)} />
        ))}
      </svg>
    </div>
  );
}

function ReplayNav({
  index,
  frames,
  running,
  setPlaying,
  set,
}: {
  index: number;
  frames: readonly ReplayFrame[];
  running: boolean;
  setPlaying: (playing: boolean) => void;
  set: (patch: Partial<ResizeParams>) => void;
}) {
  return (
    <>
      <button type="button" disabled={index === 0} onClick={() => set({ replayStep: index - 1 })}>
        ◀ Back
      </button>
      <button
        type="button"
        data-testid="resize-play"
        onClick={() => {
          if (!running && index >= frames.length - 1) set({ replayStep: 0 });
          setPlaying(!running);
        }}
      >
        {running ? 'Pause' : 'Play'}
      </button>
      <button
        type="button"
        data-testid="resize-next"
        disabled={index >= frames.length - 1}
        onClick={() => set({ replayStep: index + 1 })}
      >
        Next ▶
      </button>
      <button
        type="button"
        data-testid="resize-most-moves"
        title="Jump to the event with the most movements"
        onClick={() =>
          set({
            replayStep: frames.reduce((best, f, i) => (f.moves > frames[best].moves ? i : best), 0),
          })
        }
      >
        Most movements
      </button>
      <label>
        Event{' '}
        <input
          type="number"
          min={1}
          max={frames.length}
          value={index + 1}
          data-testid="resize-event"
          onChange={(e) => {
            const v = decimalOrNull(e.target.value);
            if (v !== null && Number.isInteger(v) && v >= 1 && v <= frames.length)
              set({ replayStep: v - 1 });
          }}
        />{' '}
        of {frames.length}
      </label>
    </>
  );
}
