import { describe, expect, it } from "vitest";
import { typeKey } from "../event-type";
import { formatTime, pastEvents, upcomingEvents } from "../events-data";

describe("event data", () => {
  it("splits upcoming and past events", () => {
    expect(upcomingEvents).toHaveLength(4);
    expect(pastEvents).toHaveLength(4);
    expect(upcomingEvents.every((e) => e.status === "upcoming")).toBe(true);
  });

  it("turns a type into its translation key", () => {
    expect(typeKey("trade-show")).toBe("tradeShow");
    expect(typeKey("awards")).toBe("awards");
  });

  it("shows a start time the way each language writes it", () => {
    expect(formatTime("18:30", "en")).toBe("6:30 PM");
    expect(formatTime("18:30", "fr")).toBe("18:30");
    expect(formatTime("09:05", "ja")).toBe("9:05");
  });
});
