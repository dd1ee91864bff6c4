package dev.fenced.tck.idempotent.validation;

import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;

/** A booking request: a guest's name and at least one night. */
public class Booking {

  @NotBlank private String guest;

  @Min(1)
  private int nights;

  /**
   * The guest.
   *
   * @return the name
   */
  public String getGuest() {
    return guest;
  }

  /**
   * Sets the guest.
   *
   * @param guest the name
   */
  public void setGuest(String guest) {
    this.guest = guest;
  }

  /**
   * The nights booked.
   *
   * @return the count
   */
  public int getNights() {
    return nights;
  }

  /**
   * Sets the nights.
   *
   * @param nights the count
   */
  public void setNights(int nights) {
    this.nights = nights;
  }
}
