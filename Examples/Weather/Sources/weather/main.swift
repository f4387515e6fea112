import LineMode
import WeatherDatasets

await Launcher.main(identity: Weather.identity, datasets: Weather.datasets)
