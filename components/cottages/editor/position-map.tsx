'use client';
import { APIProvider, Map, Marker, type MapMouseEvent } from '@vis.gl/react-google-maps';

/** SPEC §9: the map starts over Stockholm (zoom 7), or at the ad's position (zoom 16). */
export const STOCKHOLM = { lat: 59.3293, lng: 18.0686 };

type Props = { apiKey: string; lat: number | null; lng: number | null; onPick: (lat: number, lng: number) => void; label: string };

/** Google map where a click places the cottage; loaded only when a maps key is configured. */
export default function PositionMap({ apiKey, lat, lng, onPick, label }: Props) {
  const position = lat !== null && lng !== null ? { lat, lng } : null;
  return (
    <APIProvider apiKey={apiKey}>
      <div className="mb-4 h-72 overflow-hidden rounded-md border border-gray-300" role="application" aria-label={label}>
        <Map
          defaultCenter={position ?? STOCKHOLM}
          defaultZoom={position ? 16 : 7}
          gestureHandling="greedy"
          onClick={(event: MapMouseEvent) => {
            const at = event.detail.latLng;
            if (at) onPick(Number(at.lat.toFixed(6)), Number(at.lng.toFixed(6)));
          }}
        >
          {position ? <Marker position={position} /> : null}
        </Map>
      </div>
    </APIProvider>
  );
}
