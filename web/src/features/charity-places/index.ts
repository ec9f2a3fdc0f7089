// The charity places feature's public surface: the charity console mounts it (import '@/features/charity-places').
export { RunnerPlaces, type PlaceRunner } from './components/runner-places';
