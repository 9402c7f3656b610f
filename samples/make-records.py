# Hourly readings from five weather stations over six weeks: 5,040 sorted records.
import datetime, math
start = datetime.datetime(2024, 3, 1, tzinfo=datetime.timezone.utc)
for h in range(24 * 7 * 6):
    t = start + datetime.timedelta(hours=h)
    for s, name in enumerate(["aberdeen", "bergen", "cork", "dover", "esbjerg"]):
        temp = 6 + 4 * math.sin(2 * math.pi * (h % 24 - 9) / 24) + s * 0.7 + h / 400
        wind = 20 + 15 * math.sin(h / 17.0 + s)
        print(f"{t:%Y-%m-%dT%H:%MZ} {name} temp={temp:.1f}C wind={wind:.0f}km/h")
