// The batch's route drawn offline: port of loading and port of discharge from UN/LOCODE
// coordinates (old Chinese codes through the server's alias table), the great-circle leg between them,
// and where the boxes are — at the origin until on board, at sea on board, at the destination after.
// The world outline is Natural Earth's public-domain land at 1:110m, shipped with the app (world-atlas).
import { useQuery } from '@tanstack/react-query';
import { LogisticsStatus, logisticsLabels } from '@tradelane/contract';
import { referenceOps } from '@tradelane/contract/api/account';
import { Typography } from 'antd';
import { geoGraticule10, geoInterpolate, geoNaturalEarth1, geoPath } from 'd3-geo';
import type { Feature, FeatureCollection, Geometry, LineString } from 'geojson';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { call } from '../../api/client.ts';
import type { Lang } from '../../i18n/index.ts';

const W = 640;
const H = 240;

async function loadLand(): Promise<Feature<Geometry> | FeatureCollection<Geometry>> {
  const topo = (await import('world-atlas/land-110m.json')).default as unknown as Topology<{
    land: GeometryCollection;
  }>;
  return feature(topo, topo.objects.land);
}

/** How far along the sea leg the boxes are (0 origin, 1 destination) for a batch's slowest box. */
export function legShare(status: number): number {
  if (status >= LogisticsStatus.unloaded) return 1;
  if (status === LogisticsStatus.onBoard) return 0.5;
  return 0;
}

function usePort(code?: string | null) {
  return useQuery({
    queryKey: ['port', code],
    queryFn: () => call(referenceOps.port, { code: code as string }),
    enabled: Boolean(code),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function RouteMap(props: { pol?: string | null; pod?: string | null; status: number }) {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'zh';
  const from = usePort(props.pol);
  const to = usePort(props.pod);
  const land = useQuery({ queryKey: ['worldLand'], queryFn: loadLand, staleTime: Number.POSITIVE_INFINITY });
  const a = from.data;
  const b = to.data;
  const drawn = useMemo(() => {
    if (!a || !b || a.lat == null || a.lon == null || b.lat == null || b.lon == null) return null;
    const A: [number, number] = [a.lon, a.lat];
    const B: [number, number] = [b.lon, b.lat];
    const leg: LineString = { type: 'LineString', coordinates: [A, B] };
    const projection = geoNaturalEarth1().fitExtent(
      [
        [40, 30],
        [W - 40, H - 30],
      ],
      { type: 'Feature', properties: {}, geometry: leg },
    );
    // Not closer than a region: a short leg still shows its coast.
    if (projection.scale() > 900) projection.scale(900);
    const path = geoPath(projection);
    const at = geoInterpolate(A, B)(legShare(props.status));
    return {
      land: land.data ? (path(land.data) ?? '') : '',
      grid: path(geoGraticule10()) ?? '',
      leg: path(leg) ?? '',
      a: projection(A),
      b: projection(B),
      at: projection(at),
    };
  }, [a, b, land.data, props.status]);
  if (!props.pol || !props.pod) return null;
  if (from.isError || to.isError || (a && b && !drawn))
    return <Typography.Text type="secondary">{t('logistics.map.noCoordinates')}</Typography.Text>;
  if (!drawn) return null;
  const stage = logisticsLabels[props.status]?.[lang] ?? '';
  return (
    <figure className="lg-route" data-testid="route-map" aria-label={t('logistics.map.title')}>
      <svg viewBox={`0 0 ${W} ${H}`} role="img">
        <title>{`${a?.name} → ${b?.name}`}</title>
        <rect width={W} height={H} className="lg-route-sea" />
        <path d={drawn.grid} className="lg-route-grid" />
        <path d={drawn.land} className="lg-route-land" />
        <path d={drawn.leg} className="lg-route-leg" />
        {drawn.a && (
          <g transform={`translate(${drawn.a[0]},${drawn.a[1]})`}>
            <circle r={5} className="lg-route-port" />
            <text y={-9} textAnchor="middle" className="lg-route-text">
              {a?.name} ({props.pol})
            </text>
          </g>
        )}
        {drawn.b && (
          <g transform={`translate(${drawn.b[0]},${drawn.b[1]})`}>
            <circle r={5} className="lg-route-port" />
            <text y={-9} textAnchor="middle" className="lg-route-text">
              {b?.name} ({props.pod})
            </text>
          </g>
        )}
        {drawn.at && (
          <g transform={`translate(${drawn.at[0]},${drawn.at[1]})`} data-testid="route-here">
            <circle r={8} className="lg-route-here" />
            <text y={22} textAnchor="middle" className="lg-route-text lg-route-stage">
              {stage}
            </text>
          </g>
        )}
      </svg>
    </figure>
  );
}
