"""Rule sets that are not pot-betting poker: Swedish Chicago, Caribbean stud, forfeits."""
